// Fuzz target: the data readers of the system library (•json, •csv, •r, •date) on arbitrary
// text, with the options of •csv, •csv⁻, •date and •date⁻ picked by the input too. The first
// byte chooses the program (PROGRAMS); a program with options `o` (and `w`) reads them from the
// bytes after it (OptionBytes below); the rest is the text (UTF-8 where it decodes, else each
// byte a character, so malformed encodings reach the readers as odd characters). The text splits
// at its first NUL: before it `p` (•r's pattern, •date's strptime or strftime pattern), after it
// `t` (the text read; •date⁻'s moments `n`, float64s of eight bytes each). Only BPL errors may
// leave a call. The session is contained (no file access).
#include "base/error.h"
#include "base/utf8.h"
#include "lang/display.h"
#include "lang/run.h"
#include "session/session.h"
#include "value/array.h"
#include "value/layout.h"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <functional>
#include <limits>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace {

using bpl::value::Value;
using Fields = std::vector<std::pair<std::string, Value>>;

class NoIo : public bpl::lang::Io {
  public:
    void print(const std::string&) override {}
    std::optional<std::string> read_line() override { return std::nullopt; }
};

std::u32string chars(std::string_view bytes) {
    try {
        return bpl::base::decode_utf8(bytes);
    } catch (const bpl::base::Error&) {
        std::u32string s;
        for (unsigned char b : bytes) s.push_back(b);
        return s;
    }
}

Value text(const char32_t* s) { return bpl::value::char_vector(s); }
Value texts(std::vector<const char32_t*> items) {
    std::vector<Value> v;
    for (const char32_t* s : items) v.push_back(text(s));
    int64_t n = static_cast<int64_t>(v.size());
    return bpl::value::make_array({n}, std::move(v));
}
Value ints(std::vector<int64_t> items) {
    std::vector<Value> v;
    for (int64_t i : items) v.push_back(Value::integer(i));
    int64_t n = static_cast<int64_t>(v.size());
    return bpl::value::make_array({n}, std::move(v));
}

// The bytes that pick options, read from the front of the input; past its end every byte is 0.
class OptionBytes {
  public:
    explicit OptionBytes(std::string_view& rest) : rest_(rest) {}
    unsigned next() {
        if (rest_.empty()) return 0;
        unsigned b = static_cast<unsigned char>(rest_[0]);
        rest_.remove_prefix(1);
        return b;
    }
    // One of `values` (valid ones and ones each option refuses); one index past them is a value
    // from the next bytes instead (`other`).
    Value pick(const std::vector<Value>& values, const std::function<Value()>& other) {
        unsigned i = next() % (values.size() + 1);
        return i < values.size() ? values[i] : other();
    }

  private:
    std::string_view& rest_;
};

// A dialect character option: common and clashing characters, none (""), and refused values.
Value csv_char(OptionBytes& b) {
    const std::vector<Value> values = {
        text(U","), text(U";"), text(U"\t"), text(U"|"), text(U"'"),   text(U"\""), text(U"\\"),
        text(U"."), text(U" "), text(U"#"), text(U"é"), text(U"😀"),  text(U""),   text(U"\n"),
        text(U"\r"), text(U"ab"), Value::integer(5), Value::character(U';')};
    return b.pick(values, [&] { return Value::character(static_cast<char32_t>(b.next())); });
}
Value flag(OptionBytes& b) {
    const std::vector<Value> values = {Value::boolean(false), Value::boolean(true), Value::integer(1),
                                              Value::real(0.0), Value::integer(2), text(U"x")};
    return b.pick(values, [] { return Value::real(0.5); });
}
Value fill(OptionBytes& b) {
    const std::vector<Value> values = {
        Value::integer(-1), Value::integer(0), Value::real(0.5), Value::real(1e300),
        Value::real(std::numeric_limits<double>::infinity()), Value::real(std::nan("")),
        Value::integer(std::numeric_limits<int64_t>::min()), Value::boolean(true), text(U"x"),
        Value::complex(1, 2)};
    return b.pick(values, [&] { return Value::integer(static_cast<int8_t>(b.next())); });
}
// A column selector: positions (in range or not), names, several of either, refused values.
Value columns(OptionBytes& b) {
    const std::vector<Value> values = {
        Value::integer(0), Value::integer(1), Value::integer(2), Value::integer(-1), Value::integer(99),
        text(U"a"), text(U"b"), text(U"qty"), text(U""), texts({U"a", U"b"}), ints({0, 1}), ints({1, 1}),
        Value::real(0.5), texts({})};
    return b.pick(values, [&] { return Value::integer(b.next() % 8); });
}
Value missing(OptionBytes& b) {
    const std::vector<Value> values = {text(U"NA"), text(U""), texts({U"NA", U"-"}), texts({U"", U"x"}),
                                              Value::integer(5), texts({})};
    return b.pick(values, [&] { return Value::character(static_cast<char32_t>(b.next())); });
}
Value lineending(OptionBytes& b) {
    const std::vector<Value> values = {text(U"\n"), text(U"\r\n"), text(U"\r"), text(U"x"), text(U"")};
    return b.pick(values, [] { return text(U"\n\r"); });
}

// Options as a record: bit k of the mask bytes gives the k-th of `options` its value from the
// next bytes. No bit set: the main option alone, as plain text (`";" •csv t`).
Value options(OptionBytes& b, const std::vector<std::pair<const char*, std::function<Value()>>>& options,
              const std::function<Value()>& main) {
    uint32_t mask = 0;
    for (size_t k = 0; k < options.size(); k += 8) mask |= b.next() << k;
    if (mask == 0) return main();
    Fields fields;
    for (size_t k = 0; k < options.size(); k++)
        if (mask >> k & 1) fields.emplace_back(options[k].first, options[k].second());
    return bpl::value::record(std::move(fields));
}

Value csv_read_options(OptionBytes& b) {
    return options(b,
                   {{"header", [&] { return flag(b); }},
                    {"separator", [&] { return csv_char(b); }},
                    {"quotechar", [&] { return csv_char(b); }},
                    {"doublequote", [&] { return flag(b); }},
                    {"escapechar", [&] { return csv_char(b); }},
                    {"decimal", [&] { return csv_char(b); }},
                    {"thousands", [&] { return csv_char(b); }},
                    {"trim", [&] { return flag(b); }},
                    {"fill", [&] { return fill(b); }},
                    {"text_columns", [&] { return columns(b); }},
                    {"numeric_columns", [&] { return columns(b); }},
                    {"missing", [&] { return missing(b); }}},
                   [&] { return csv_char(b); });
}

Value csv_write_options(OptionBytes& b) {
    return options(b,
                   {{"header", [&] { return flag(b); }},
                    {"separator", [&] { return csv_char(b); }},
                    {"quotechar", [&] { return csv_char(b); }},
                    {"doublequote", [&] { return flag(b); }},
                    {"escapechar", [&] { return csv_char(b); }},
                    {"decimal", [&] { return csv_char(b); }},
                    {"thousands", [&] { return csv_char(b); }},
                    {"trim", [&] { return flag(b); }},
                    {"fill", [&] { return fill(b); }},
                    {"forcequotes", [&] { return flag(b); }},
                    {"lineending", [&] { return lineending(b); }}},
                   [&] { return csv_char(b); });
}

// •date's zone: fixed offsets (under a day or not), named zones with odd rules, unknown names.
Value zone(OptionBytes& b) {
    const std::vector<Value> values = {
        Value::integer(0), Value::integer(3600), Value::integer(-18000), Value::integer(19800),
        Value::integer(86399), Value::integer(-86399), Value::integer(86400), Value::real(0.5),
        Value::real(std::nan("")), text(U"UTC"), text(U"America/New_York"), text(U"Europe/London"),
        text(U"Europe/Dublin"), text(U"Australia/Lord_Howe"), text(U"Asia/Kathmandu"), text(U"Pacific/Kiritimati"),
        text(U"Pacific/Apia"), text(U"America/St_Johns"), text(U"Africa/Casablanca"), text(U"Antarctica/Troll"),
        text(U"Etc/GMT+12"), text(U"EST5EDT"), text(U"Nope/Zone"), text(U""), text(U"../zone"), ints({0, 1})};
    return b.pick(values, [&] {
        int64_t v = 0; // three bytes, high first: ±2²³ seconds
        for (int k = 0; k < 3; k++) v = v << 8 | b.next();
        return Value::integer(v - (int64_t{1} << 23));
    });
}
// •date's locale: glibc locales with other calendars' names, spellings with and without the
// encoding, unknown ones.
Value locale(OptionBytes& b) {
    const std::vector<Value> values = {
        text(U"C"),     text(U"POSIX"), text(U"en_US"), text(U"de_DE"), text(U"fr_FR"), text(U"ja_JP"),
        text(U"tr_TR"), text(U"ar_SA"), text(U"zh_CN"), text(U"ru_RU"), text(U"he_IL"), text(U"th_TH"),
        text(U"fa_IR"), text(U"C.UTF-8"), text(U"en_US.ISO-8859-1"), text(U"de_DE@euro"), text(U"zz_ZZ"),
        text(U""),      Value::integer(1)};
    return b.pick(values, [] { return text(U"en_GB.utf8"); });
}

// •date's options, chosen before the pattern is known: the mask byte (bit 0 pattern, 1 zone,
// 2 locale; none set: the pattern alone, as plain text) and the zone's and locale's values.
struct DateChoice {
    unsigned mask;
    Value zone, locale;
};
DateChoice date_choice(OptionBytes& b) {
    DateChoice c{b.next(), {}, {}};
    if (c.mask & 2) c.zone = zone(b);
    if (c.mask & 4) c.locale = locale(b);
    return c;
}
Value date_options(const DateChoice& c, const Value& pattern) {
    if (c.mask == 0) return pattern;
    Fields fields;
    if (c.mask & 1) fields.emplace_back("pattern", pattern);
    if (c.mask & 2) fields.emplace_back("zone", c.zone);
    if (c.mask & 4) fields.emplace_back("locale", c.locale);
    return bpl::value::record(std::move(fields));
}

// Moments for •date⁻: one `edge` picks from a list of edges, then a float64 for each eight
// bytes of the text.
Value moments(unsigned edge, std::string_view bytes) {
    static const double edges[] = {0, -1, 1.5, 1e10, 253402300799, 253402300800, -62135596800, -62135596801,
                                   -1e15, 1e18, 9.3e18, -9.3e18, 1e300, std::numeric_limits<double>::infinity(),
                                   -std::numeric_limits<double>::infinity(), std::nan("")};
    std::vector<Value> items{Value::real(edges[edge % (sizeof edges / sizeof *edges)])};
    for (size_t i = 0; i + 8 <= bytes.size(); i += 8) {
        double d;
        std::memcpy(&d, bytes.data() + i, 8);
        items.push_back(Value::real(d));
    }
    int64_t n = static_cast<int64_t>(items.size());
    return bpl::value::make_array({n}, std::move(items));
}

// The programs; `t` is the text, `p` the pattern, `o` and `w` options, `n` moments. seed.py
// names the indices its seeds use.
constexpr const char* PROGRAMS[] = {
    "•json t",
    "•json⁻ •json t",
    "•csv t",
    "p←•r p ⋄ (p.matches t) ⋄ \"<$1${x}$$>\" p.replace t",
    "•date t",
    "p •date t",
    "o •csv t",
    "w •csv⁻ o •csv t",
    "o •date t",
    "o •date⁻ n",
};
enum Program { CSV_OPTIONS = 6, CSV_WRITE = 7, DATE_OPTIONS = 8, DATE_FORMAT = 9 };

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    static const bool installed = (bpl::session::install(bpl::session::Reach::Contained), true);
    (void)installed;
    if (size == 0) return -1;
    unsigned program = data[0] % (sizeof PROGRAMS / sizeof *PROGRAMS);
    std::string_view rest(reinterpret_cast<const char*>(data + 1), size - 1);
    try {
        NoIo io;
        bpl::lang::Context ctx(io);
        // the option bytes, then the pattern and the text
        OptionBytes b(rest);
        Value o, w;
        DateChoice date{};
        unsigned edge = 0;
        if (program == CSV_OPTIONS || program == CSV_WRITE) o = csv_read_options(b);
        if (program == CSV_WRITE) w = csv_write_options(b);
        if (program == DATE_OPTIONS || program == DATE_FORMAT) date = date_choice(b);
        if (program == DATE_FORMAT) edge = b.next();
        size_t nul = rest.find('\0');
        std::string_view first = nul == std::string_view::npos ? std::string_view() : rest.substr(0, nul);
        std::string_view text = nul == std::string_view::npos ? rest : rest.substr(nul + 1);
        Value pattern = bpl::value::char_vector(chars(first));
        if (program == DATE_OPTIONS || program == DATE_FORMAT) o = date_options(date, pattern);
        if (program == DATE_FORMAT) bpl::lang::set_global(ctx, "n", moments(edge, text));
        if (!o.is_none()) bpl::lang::set_global(ctx, "o", o);
        if (!w.is_none()) bpl::lang::set_global(ctx, "w", w);
        bpl::lang::set_global(ctx, "t", bpl::value::char_vector(chars(text)));
        bpl::lang::set_global(ctx, "p", pattern);
        bpl::lang::run(ctx, PROGRAMS[program], [](const bpl::value::Value& v) { (void)bpl::lang::display(v); });
    } catch (const bpl::base::Error&) {
    }
    return 0;
}
