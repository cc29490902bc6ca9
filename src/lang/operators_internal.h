// The operators' host meanings, shared by the files that define them (operators.cpp's table
// calls them; op_*.cpp define them by mechanism). Internal to lang/: not for other modules.
#pragma once

#include "lang/function.h"
#include "lang/operators.h"
#include "prim/prim.h"
#include "value/value.h"

#include <optional>
#include <string>
#include <vector>

namespace bpl::lang::ops {

using value::Shape;

// Rows along the last axis of a read array: frame shape and the items of each row.
struct Rows {
    Shape frame;
    std::vector<std::vector<Value>> rows;
};
Rows last_axis_rows(const Value& w);

const Value& need_function(const Value& f, const char* op);
Value fold_items(Exec& ex, const Value& f, const std::vector<Value>& xs);
std::vector<Value> scan_items(Exec& ex, const Value& f, const std::vector<Value>& xs,
                              const Value* seed);
std::optional<prim::Prim> primitive_operand(const Value& f);
Value fold_seeded(Exec& ex, const Value& f, const std::vector<Value>& xs, const Value& seed);
std::optional<Value> nested_identity(const Value& f, const Value& w);
std::optional<Value> structural_identity(const Value& f, const Value& w);
Value reduce(Exec& ex, const Value& f, const Value* alpha, const Value& w, bool first_axis);
Value reduce_last(Exec& ex, const Value& l, const Value&, const Value* a, const Value& w);
Value reduce_first(Exec& ex, const Value& l, const Value&, const Value* a, const Value& w);
Value scan(Exec& ex, const Value& f, const Value* alpha, const Value& w, bool first_axis);
Value scanned_labels(const Value& w, const Value& r);
Value scan_last(Exec& ex, const Value& l, const Value&, const Value* a, const Value& w);
Value scan_first(Exec& ex, const Value& l, const Value&, const Value* a, const Value& w);
Value item_of_call(Value r);
Value call_on_prototypes(Exec& ex, const Value& f, const Value* alpha, const Value& w);
Value each(Exec& ex, const Value& f, const Value&, const Value* alpha, const Value& w);
Value each_by_position(Exec& ex, const Value& f, const Value& a, const Value& w);
Value commute(Exec& ex, const Value& f, const Value&, const Value* alpha, const Value& w);
Value atop_op(Exec& ex, const Value& f, const Value& g, const Value* alpha, const Value& w);
Value over(Exec& ex, const Value& f, const Value& g, const Value* alpha, const Value& w);
Value before(Exec& ex, const Value& f, const Value& g, const Value* alpha, const Value& w);
Value after(Exec& ex, const Value& f, const Value& g, const Value* alpha, const Value& w);
Value valences(Exec& ex, const Value& f, const Value& g, const Value* alpha, const Value& w);
std::vector<int64_t> integers_of(const Value& v, const char* what);
Value frame_of(const Shape& frame, const std::vector<Value>& results);
Value fill_cell(const Value& v, size_t frame);
Value rank(Exec& ex, const Value& f, const Value& spec, const Value* alpha, const Value& w);
Value key(Exec& ex, const Value& f, const Value&, const Value* alpha, const Value& w);
Value stencil(Exec& ex, const Value& f, const Value& g, const Value* alpha, const Value& w);
Value under(Exec& ex, const Value& f, const Value& g, const Value* alpha, const Value& w);
Value select_along(const std::string& glyph, const std::vector<int64_t>& given, const Value* alpha, const Value& w);
Value rotate_along(const Value& counts, int64_t axis, const Value& w);
Value pervasive_along(const Value& f, const std::vector<int64_t>& given, const Value& a, const Value& w);
Value variant(Exec& ex, const Value& f, const Value& g, const Value* alpha, const Value& w);
int64_t agenda_index(const Value& pick, int64_t n);
void agenda_operands(const Value& s, const Value& fs);
Value agenda(Exec& ex, const Value& s, const Value& fs, const Value* alpha, const Value& w);
Value power(Exec& ex, const Value& f, const Value& g, const Value* alpha, const Value& w);
Value outer(Exec& ex, const Value& f, const Value&, const Value* alpha, const Value& w);
Value inner(Exec& ex, const Value& f, const Value& g, const Value* alpha, const Value& w);
Value negated_count(const Value& g);
Value power_inverse(Exec& ex, const Value& f, const Value& g, const Value* a, const Value& w);
Value power_inverse_left(Exec& ex, const Value& f, const Value& g, const Value& r, const Value& w);
Value inverse_call(Exec& ex, const Value& f, const Value&, const Value* a, const Value& w);
Value inverse_inverse(Exec& ex, const Value& f, const Value&, const Value* a, const Value& w);
Value inverse_inverse_left(Exec& ex, const Value& f, const Value&, const Value& r, const Value& w);
std::vector<Value> unscan_items(Exec& ex, const Value& f, const Value* seed,
                                const std::vector<Value>& ys);
Value unscan(Exec& ex, const Value& f, const Value* alpha, const Value& w, bool first_axis);
Value unscan_last(Exec& ex, const Value& f, const Value&, const Value* a, const Value& w);
Value unscan_first(Exec& ex, const Value& f, const Value&, const Value* a, const Value& w);
Value outer_recover(Exec& ex, const Value& f, const Value& held, const Value& w, bool right);
Value outer_inverse(Exec& ex, const Value& f, const Value&, const Value* a, const Value& w);
Value outer_inverse_left(Exec& ex, const Value& f, const Value&, const Value& r, const Value& w);
Value each_inverse(Exec& ex, const Value& f, const Value&, const Value* a, const Value& w);
Value each_inverse_left(Exec& ex, const Value& f, const Value&, const Value& r, const Value& w);
Value commute_inverse(Exec& ex, const Value& f, const Value&, const Value* a, const Value& w);
Value commute_inverse_left(Exec& ex, const Value& f, const Value&, const Value& r, const Value& w);
Value atop_inverse(Exec& ex, const Value& f, const Value& g, const Value* a, const Value& w);
Value atop_inverse_left(Exec& ex, const Value& f, const Value& g, const Value& r, const Value& w);
Value over_inverse(Exec& ex, const Value& f, const Value& g, const Value* a, const Value& w);
Value over_inverse_left(Exec& ex, const Value& f, const Value& g, const Value& r, const Value& w);
Value before_inverse(Exec& ex, const Value& f, const Value& g, const Value* a, const Value& w);
Value before_inverse_left(Exec& ex, const Value& f, const Value& g, const Value& r, const Value& w);
Value after_inverse_self(Exec&, const Value& f, const Value& g, const Value& w);
Value after_inverse(Exec& ex, const Value& f, const Value& g, const Value* a, const Value& w);
Value after_inverse_left(Exec& ex, const Value& f, const Value& g, const Value& r, const Value& w);
Value valences_inverse(Exec& ex, const Value& f, const Value& g, const Value* a, const Value& w);
Value valences_inverse_left(Exec& ex, const Value&, const Value& g, const Value& r, const Value& w);
Value rank_inverse(Exec& ex, const Value& f, const Value& spec, const Value* a, const Value& w);
Value rank_inverse_left(Exec& ex, const Value& f, const Value& spec, const Value& r, const Value& w);
Value variant_inverse(Exec& ex, const Value& f, const Value& spec, const Value* a, const Value& w);
Value swap_call(Exec& ex, const Value& f, const Value&, const Value* a, const Value& w);
Value swap_inverse(Exec& ex, const Value&, const Value& g, const Value* a, const Value& w);

// Defined with the derived functions (operators.cpp).
bool derived_parts(const Value& f, std::string* name, Value* left);
Value commuted(const Value& f);
Value derived_inverse_self(Exec& ex, const Value& f, const Value& w);

} // namespace bpl::lang::ops
