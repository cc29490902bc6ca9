// session/'s internal interface: the handlers each group file defines for the one table of
// system names (system.cpp), and the helpers they share for reading text and assembling results.
#pragma once

#include "value/value.h"

#include <functional>
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace bpl::session {

using value::Value;

// Handlers of a system name's monadic and dyadic forms.
using Monad = Value (*)(const Value& omega);
using Dyad = Value (*)(const Value& alpha, const Value& omega);

// --- helpers (system.cpp) ---
// A character vector of the UTF-8 text s.
Value text(std::string_view s);
// The characters of a string (a character vector or atom; an empty array is ""), read at the
// host boundary. Rank above 1 is RANK, anything else DOMAIN; `what` names it in the message.
std::u32string chars_of(const Value& v, const char* what);
// s as UTF-8.
std::string utf8(const std::u32string& s);
// The characters of a string as UTF-8.
std::string text_of(const Value& v, const char* what);
// Whether v is a string chars_of accepts (a character vector or atom, or an empty vector).
bool is_text(const Value& v);
// A function of one string applied to v (§19.1): a string gives f's result; any other array
// maps f over its items (each a string, else DOMAIN), keeping the shape; an empty one holds f's
// result for "" as its prototype.
Value map_text(const Value& v, const char* what, const std::function<Value(const std::u32string&)>& f);
// The bytes of data: text as UTF-8, or numbers 0–255 (a vector; else DOMAIN, RANK) (codecs.cpp).
std::string bytes_of(const Value& v, const char* what);
// An integer vector of the bytes (codecs.cpp).
Value byte_vector(std::string_view bytes);
// A function value holding f (which it owns).
Value function_value(value::Function* f);
// A record of named fields (operators-and-system.md §19: `•r`, `•rand`, `•distribution` and the
// tables they give), through value::record (value/layout.h), which also takes names known only
// at run time (•csv's headers).
Value record(std::initializer_list<std::pair<std::string_view, Value>> fields);
// The fields of a record (a keyed vector), in order, read; anything else, or an entry without a
// key, is DOMAIN (`what` names it).
std::vector<std::pair<std::string, Value>> fields_of(const Value& v, const char* what);
// A name's options (§19.1): the record on the left, its names lower-cased and each one of
// `names` (unknown or repeated: DOMAIN), in the record's order; plain text on the left is the
// option `main` (none: DOMAIN).
using Options = std::vector<std::pair<std::string, Value>>;
Options options_of(const Value& alpha, const char* what, std::initializer_list<std::string_view> names,
                   std::string_view main);
// An option's Boolean: $t $f, 1 or 0; anything else DOMAIN.
bool flag_of(const Value& v, const char* what);

// --- programs.cpp ---
Value storage(const Value& omega);
Value float_monad(const Value& omega);
Value float_dyad(const Value& alpha, const Value& omega);

// --- text.cpp ---
Value ucs_monad(const Value& omega);
Value ucs_dyad(const Value& alpha, const Value& omega);
Value case_monad(const Value& omega);
Value case_dyad(const Value& alpha, const Value& omega);
Value normalize_monad(const Value& omega);
Value normalize_dyad(const Value& alpha, const Value& omega);

// --- codecs.cpp ---
Value hash_monad(const Value& omega);
Value hash_dyad(const Value& alpha, const Value& omega);
Value inflate_monad(const Value& omega);
Value inflate_dyad(const Value& alpha, const Value& omega);
Value deflate_monad(const Value& omega);
Value deflate_dyad(const Value& alpha, const Value& omega);
Value uuid_monad(const Value& omega);
Value uuid_dyad(const Value& alpha, const Value& omega);

// --- dates.cpp ---
Value date_monad(const Value& omega);
Value date_dyad(const Value& alpha, const Value& omega);
Value date_fields(const Value& omega);
Value date_format(const Value& alpha, const Value& omega);

// --- programs.cpp (•signal •delay •host) ---
Value signal_monad(const Value& omega);
Value signal_dyad(const Value& alpha, const Value& omega);
Value delay(const Value& omega);
Value host(const Value& omega);

// --- csv.cpp, csv_write.cpp ---
// No character: an absent quote, escape or thousands character (never a code point).
inline constexpr char32_t CSV_NONE = 0xFFFFFFFF;
// A dialect character option (§21.2): one character, not a line break; "" is CSV_NONE when
// `may_be_none`; anything else DOMAIN.
char32_t csv_char(const Value& v, const char* what, bool may_be_none);
// The options •csv and •csv⁻ share (§21.2): the header, the separator, quote and escape
// characters (CSV_NONE: none), doubled quotes, the decimal and thousands characters of numbers,
// blank trimming.
struct CsvDialect {
    bool header = true;
    char32_t separator = U',';
    char32_t quote = U'"';
    char32_t escape = CSV_NONE;
    bool doublequote = true;
    char32_t decimal = U'.';
    char32_t thousands = CSV_NONE;
    bool trim = false;
};
// Sets the shared option `name` of `who` ("•csv", "•csv⁻") from v; false for any other option.
bool csv_option(CsvDialect& d, std::string_view name, const Value& v, const char* who);
// DOMAIN unless the dialect's characters that are present all differ.
void check_dialect(char32_t separator, char32_t quote, char32_t escape, char32_t decimal, char32_t thousands,
                   const char* who);
Value csv_monad(const Value& omega);
Value csv_dyad(const Value& alpha, const Value& omega);
Value csv_write(const Value& omega);
Value csv_write_dyad(const Value& alpha, const Value& omega);

// --- fetch.cpp ---
Value fetch_monad(const Value& omega);
Value fetch_dyad(const Value& alpha, const Value& omega);

// --- vfi.cpp ---
Value vfi_monad(const Value& omega);
Value vfi_dyad(const Value& alpha, const Value& omega);

// --- json.cpp ---
Value json_monad(const Value& omega);
Value json_dyad(const Value& alpha, const Value& omega);
Value json_write(const Value& omega);
Value json_write_dyad(const Value& alpha, const Value& omega);

// --- files.cpp ---
// The bytes of the file at path (a string; "-" is standard input); `who` names the reader in
// the message of an IO error.
std::string file_bytes(const Value& path, const char* who);
Value nget(const Value& omega);
Value nget_dyad(const Value& alpha, const Value& omega);
Value nput(const Value& alpha, const Value& omega);
Value path(const Value& omega);
Value path_dyad(const Value& alpha, const Value& omega);
Value path_join(const Value& omega);
Value make_dir(const Value& omega);
Value make_dir_dyad(const Value& alpha, const Value& omega);
Value remove_path(const Value& omega);
Value remove_path_dyad(const Value& alpha, const Value& omega);
Value copy_path(const Value& alpha, const Value& omega);
Value rename_path(const Value& alpha, const Value& omega);

// --- literal.cpp ---
Value literal(const Value& omega);
Value literal_write(const Value& omega);

// --- decompose.cpp ---
Value decompose(const Value& alpha, const Value& omega);
Value decompose_inverse(const Value& alpha, const Value& omega);

// --- dirs.cpp ---
Value metadata(const Value& omega);
Value readdir(const Value& omega);
Value readdir_dyad(const Value& alpha, const Value& omega);

// --- images.cpp ---
Value image_monad(const Value& omega);
Value image_dyad(const Value& alpha, const Value& omega);
Value image_encode(const Value& omega);
Value image_encode_with(const Value& alpha, const Value& omega);

// --- markup.cpp ---
Value element(const Value& omega);
Value svg_monad(const Value& omega);
Value svg_dyad(const Value& alpha, const Value& omega);
Value xml_read(const Value& omega);
Value xml_write(const Value& omega);

// --- mime.cpp ---
Value mime_monad(const Value& omega);
Value mime_dyad(const Value& alpha, const Value& omega);
Value canvas(const Value& omega);

// --- plots.cpp ---
Value plot_monad(const Value& omega);
Value plot_dyad(const Value& alpha, const Value& omega);

// --- regex.cpp ---
Value regex(const Value& omega);

// --- load.cpp ---
Value load(const Value& omega);

// --- prefs.cpp ---
Value prefs(const Value& omega);

// --- random.cpp ---
Value rand_monad(const Value& omega);
Value distribution_monad(const Value& omega);
Value distribution_dyad(const Value& alpha, const Value& omega);

} // namespace bpl::session
