// •date and •date⁻ (operators-and-system.md §21.1): moments as Unix seconds (float64, UTC) read
// from ISO 8601 / RFC 3339 text or a strptime pattern on the left, and the calendar fields of a
// moment (proleptic Gregorian, through <chrono>'s civil calendar) or its text by a strftime
// pattern. Options (§21.1): pattern (the main option), zone (seconds east of UTC, or an IANA
// name through Howard Hinnant's date library over the system's tz database) placing text that
// carries no offset and the fields and text of moments, and locale (a glibc locale, its UTF-8
// form first) naming months and days.
#include "session/names.h"

#include "base/error.h"
#include "lang/cells.h"
#include "value/array.h"
#include "value/layout.h"

#include <date/tz.h>

#include <array>
#include <chrono>
#include <cmath>
#include <ctime>
#include <locale.h>
#include <optional>

namespace bpl::session {

using base::Error;
using base::ErrorKind;
namespace chr = std::chrono;
using value::Shape;

namespace {

[[noreturn]] void bad_date(const std::string& s) {
    throw Error(ErrorKind::Domain, "•date cannot read \"" + s + "\" as a date");
}

// Reads `n` digits at s[i] into *out; false when they are not there.
bool digits(const std::string& s, size_t& i, int n, int* out) {
    int v = 0;
    for (int k = 0; k < n; k++, i++) {
        if (i >= s.size() || s[i] < '0' || s[i] > '9') return false;
        v = v * 10 + (s[i] - '0');
    }
    *out = v;
    return true;
}

// A moment read from text: its seconds as if the text were UTC, and the UTC offset (seconds east)
// the text gave, if it gave one.
struct Reading {
    double seconds;
    std::optional<int64_t> offset;
};

// An ISO 8601 date or date-time: YYYY-MM-DD, then optionally T or a space,
// hh:mm[:ss[.fraction]], then optionally Z or ±hh[:]mm.
Reading iso_reading(const std::string& s) {
    size_t i = 0;
    int y, mo, d, h = 0, mi = 0, sec = 0;
    double frac = 0;
    if (!digits(s, i, 4, &y) || i >= s.size() || s[i++] != '-' || !digits(s, i, 2, &mo) ||
        i >= s.size() || s[i++] != '-' || !digits(s, i, 2, &d))
        bad_date(s);
    if (i < s.size() && (s[i] == 'T' || s[i] == 't' || s[i] == ' ')) {
        i++;
        if (!digits(s, i, 2, &h) || i >= s.size() || s[i++] != ':' || !digits(s, i, 2, &mi)) bad_date(s);
        if (i < s.size() && s[i] == ':') {
            i++;
            if (!digits(s, i, 2, &sec)) bad_date(s);
            if (i < s.size() && (s[i] == '.' || s[i] == ',')) {
                i++;
                double scale = 0.1;
                size_t start = i;
                for (; i < s.size() && s[i] >= '0' && s[i] <= '9'; i++, scale /= 10) frac += (s[i] - '0') * scale;
                if (i == start) bad_date(s);
            }
        }
    }
    std::optional<int64_t> offset; // seconds east of UTC
    if (i < s.size() && (s[i] == 'Z' || s[i] == 'z')) {
        i++;
        offset = 0;
    } else if (i < s.size() && (s[i] == '+' || s[i] == '-')) {
        int sign = s[i++] == '-' ? -1 : 1, oh, om = 0;
        if (!digits(s, i, 2, &oh)) bad_date(s);
        if (i < s.size() && s[i] == ':') i++;
        if (i < s.size() && !digits(s, i, 2, &om)) bad_date(s);
        if (oh > 23 || om > 59) bad_date(s);
        offset = sign * (oh * 3600 + om * 60);
    }
    if (i != s.size()) bad_date(s);
    chr::year_month_day ymd{chr::year(y), chr::month(static_cast<unsigned>(mo)), chr::day(static_cast<unsigned>(d))};
    if (!ymd.ok() || h > 23 || mi > 59 || sec > 60) bad_date(s); // 60: a leap second
    int64_t days = chr::sys_days(ymd).time_since_epoch().count();
    return {static_cast<double>(days * 86400 + h * 3600 + mi * 60 + sec) + frac, offset};
}

// The zone option: a fixed offset (seconds east of UTC) or a named zone of the tz database.
struct Zone {
    int64_t offset = 0;
    const date::time_zone* named = nullptr;

    // UTC seconds of local seconds t (a local time that occurs twice: the earlier; one skipped
    // by a change: read with the offset before it).
    double to_utc(double t) const {
        if (!named) return t - static_cast<double>(offset);
        double whole = std::floor(t);
        date::local_seconds local{chr::seconds(static_cast<int64_t>(whole))};
        date::local_info info = named->get_info(local);
        int64_t off = info.first.offset.count();
        return t - whole + static_cast<double>(static_cast<int64_t>(whole) - off);
    }
    // Seconds east of UTC at UTC moment t, and the zone's abbreviation then.
    int64_t offset_at(double t, std::string* abbrev) const {
        if (!named) {
            if (abbrev) *abbrev = offset == 0 ? "UTC" : "";
            return offset;
        }
        date::sys_seconds at{chr::seconds(static_cast<int64_t>(std::floor(t)))};
        date::sys_info info = named->get_info(at);
        if (abbrev) *abbrev = info.abbrev;
        return info.offset.count();
    }
};

Zone zone_of(const Value& v) {
    Value r = v.read();
    Zone z;
    if (r.is_atom() && r.is_number() && !r.is_complex()) {
        double d = r.as_f64();
        if (d != std::floor(d) || std::fabs(d) >= 86400)
            throw Error(ErrorKind::Domain, "•date's zone is whole seconds east of UTC, under a day, or a zone name");
        z.offset = static_cast<int64_t>(d);
        return z;
    }
    std::string name = text_of(r, "•date's zone");
    try {
        z.named = date::locate_zone(name);
    } catch (const std::exception&) {
        throw Error(ErrorKind::Domain, "•date: there is no time zone \"" + name + "\"");
    }
    return z;
}

// A glibc locale for LC_TIME (owned; freed by the destructor), or none (the C locale).
class TimeLocale {
  public:
    TimeLocale() = default;
    explicit TimeLocale(const std::string& name) {
        for (const std::string& n : {name + ".UTF-8", name + ".utf8", name}) {
            loc_ = newlocale(LC_TIME_MASK | LC_CTYPE_MASK, n.c_str(), nullptr);
            if (loc_) return;
        }
        throw Error(ErrorKind::Domain, "•date: there is no locale \"" + name + "\"");
    }
    TimeLocale(const TimeLocale&) = delete;
    TimeLocale& operator=(const TimeLocale&) = delete;
    ~TimeLocale() {
        if (loc_) freelocale(loc_);
    }
    locale_t get() const { return loc_; }

  private:
    locale_t loc_ = nullptr;
};

// The options of •date and •date⁻.
struct DateOptions {
    std::optional<std::string> pattern;
    Zone zone;
    std::optional<std::string> locale;
};

DateOptions date_options(const Value& alpha, const char* who) {
    DateOptions o;
    for (const auto& [name, v] : options_of(alpha, who, {"pattern", "zone", "locale"}, "pattern")) {
        if (name == "pattern") o.pattern = text_of(v, (std::string(who) + "'s pattern").c_str());
        else if (name == "zone") o.zone = zone_of(v);
        else o.locale = text_of(v, (std::string(who) + "'s locale").c_str());
    }
    return o;
}

// Text read by a strptime pattern (in the locale, if any); a %z in the pattern gives the offset.
Reading pattern_reading(const std::string& pattern, const std::string& s, const TimeLocale& locale) {
    std::tm tm{};
    const char* end = locale.get() ? strptime_l(s.c_str(), pattern.c_str(), &tm, locale.get())
                                   : strptime(s.c_str(), pattern.c_str(), &tm);
    if (!end || *end) bad_date(s);
    long gmtoff = tm.tm_gmtoff; // (timegm resets it)
    Reading r{static_cast<double>(timegm(&tm)), std::nullopt};
    if (pattern.find("%z") != std::string::npos) r.offset = gmtoff;
    return r;
}

// Local seconds of calendar fields (a record of atoms or of equal-shaped columns: year, and
// optionally month day hour minute second nanosecond; the derived fields are ignored): one
// moment per item, as utc(seconds) gives it.
template <class Utc>
Value moments_of_fields(const Value& rec, Utc utc) {
    std::vector<std::pair<std::string, Value>> f = fields_of(rec, "•date's fields");
    auto field = [&](std::string_view name) -> std::optional<Value> {
        for (auto& [k, v] : f)
            if (k == name) return v.read();
        return std::nullopt;
    };
    std::optional<Value> year = field("year");
    if (!year) throw Error(ErrorKind::Domain, "•date's fields need a year");
    Shape shape = year->is_atom() ? Shape{} : year->shape();
    int64_t n = year->is_atom() ? 1 : year->count();
    // each field's integers, one per moment (an atom applies to all)
    auto ints = [&](std::string_view name, int64_t dflt) {
        std::vector<int64_t> out(static_cast<size_t>(n), dflt);
        std::optional<Value> v = name == "year" ? year : field(name);
        if (!v) return out;
        std::vector<Value> items = v->is_atom() ? std::vector<Value>{*v} : lang::items_of(*v);
        if (!v->is_atom() && v->shape() != shape)
            throw Error(ErrorKind::Length, "•date's fields must have one shape");
        for (size_t i = 0; i < out.size(); i++) {
            const Value& x = items[v->is_atom() ? 0 : i];
            if (!x.is_number() || x.is_complex() || x.as_f64() != std::floor(x.as_f64()) || std::fabs(x.as_f64()) > 1e12)
                throw Error(ErrorKind::Domain, "•date's " + std::string(name) + " is a whole number");
            out[i] = static_cast<int64_t>(x.as_f64());
        }
        return out;
    };
    std::vector<int64_t> y = ints("year", 0), mo = ints("month", 1), d = ints("day", 1), h = ints("hour", 0),
                         mi = ints("minute", 0), sec = ints("second", 0), ns = ints("nanosecond", 0);
    std::vector<Value> out;
    for (size_t i = 0; i < static_cast<size_t>(n); i++) {
        chr::year_month_day ymd{chr::year(static_cast<int>(y[i])), chr::month(static_cast<unsigned>(mo[i])),
                                chr::day(static_cast<unsigned>(d[i]))};
        if (!ymd.ok() || y[i] < -32767 || y[i] > 32767 || mo[i] < 1 || mo[i] > 12 || d[i] < 1 || h[i] < 0 || h[i] > 23 ||
            mi[i] < 0 || mi[i] > 59 || sec[i] < 0 || sec[i] > 60 || ns[i] < 0 || ns[i] > 999999999)
            throw Error(ErrorKind::Domain, "•date: the fields name no moment");
        int64_t days = chr::sys_days(ymd).time_since_epoch().count();
        double local = static_cast<double>(days * 86400 + h[i] * 3600 + mi[i] * 60 + sec[i]) + static_cast<double>(ns[i]) * 1e-9;
        out.push_back(Value::real(utc(local)));
    }
    if (shape.empty()) return out[0];
    return value::make_array(shape, std::move(out));
}

// A reading as UTC seconds: its own offset, else the zone's.
double utc_of(const Reading& r, const Zone& zone) {
    return r.offset ? r.seconds - static_cast<double>(*r.offset) : zone.to_utc(r.seconds);
}

double moment_of(const Value& x) {
    Value v = x.read();
    if (!v.is_number()) throw Error(ErrorKind::Domain, "•date⁻ takes moments in Unix seconds");
    double t = v.as_f64();
    if (!std::isfinite(t) || std::fabs(t) > 1e15) throw Error(ErrorKind::Domain, "•date⁻: the moment is out of range");
    return t;
}

// The calendar fields of a moment, in this order (§21.1).
constexpr std::string_view FIELDS[] = {"year", "month", "day", "hour", "minute", "second",
                                       "nanosecond", "weekday", "ordinal", "iso_week"};
constexpr size_t FIELD_COUNT = sizeof FIELDS / sizeof *FIELDS;

// The calendar fields of moment t: year month day hour minute second nanosecond weekday
// (ISO: Monday 1 … Sunday 7) ordinal (day of the year from 1) iso_week.
std::array<int64_t, FIELD_COUNT> field_values(double t) {
    double whole = std::floor(t);
    int64_t secs = static_cast<int64_t>(whole);
    int64_t nanos = static_cast<int64_t>(std::llround((t - whole) * 1e9));
    if (nanos >= 1000000000) {
        secs++;
        nanos -= 1000000000;
    }
    int64_t days = secs >= 0 ? secs / 86400 : -((-secs + 86399) / 86400);
    int64_t rest = secs - days * 86400;
    chr::sys_days sd{chr::days(days)};
    chr::year_month_day ymd{sd};
    unsigned weekday = chr::weekday(sd).iso_encoding();
    chr::sys_days jan1{ymd.year() / chr::January / 1};
    int64_t ordinal = (sd - jan1).count() + 1;
    // ISO week: the week (Monday first) holding this week's Thursday, counted in its year
    chr::sys_days thursday = sd + chr::days(4 - static_cast<int>(weekday));
    chr::year_month_day th{thursday};
    chr::sys_days th_jan1{th.year() / chr::January / 1};
    int64_t iso_week = (thursday - th_jan1).count() / 7 + 1;
    return {static_cast<int>(ymd.year()), static_cast<unsigned>(ymd.month()), static_cast<unsigned>(ymd.day()),
            rest / 3600, rest / 60 % 60, rest % 60, nanos, weekday, ordinal, iso_week};
}

// The fields of each moment of x (seconds east of UTC `offset(t)` added first): a record of
// atoms for an atom, else a record of columns in x's shape (§19.1: •date's own array rule).
template <class Offset>
Value fields_of_moments(const Value& x, Offset offset) {
    Value r = x.read();
    if (r.is_atom()) {
        double t = moment_of(r);
        std::array<int64_t, FIELD_COUNT> f = field_values(t + static_cast<double>(offset(t)));
        std::vector<std::pair<std::string, Value>> out;
        for (size_t k = 0; k < FIELD_COUNT; k++) out.emplace_back(std::string(FIELDS[k]), Value::integer(f[k]));
        return value::record(std::move(out));
    }
    std::vector<Value> items = lang::items_of(r);
    std::vector<base::Ref<value::ArrayData>> columns;
    for (size_t k = 0; k < FIELD_COUNT; k++) columns.push_back(value::ArrayData::compact(number::Kind::Int, r.shape()));
    for (size_t i = 0; i < items.size(); i++) {
        double t = moment_of(items[i]);
        std::array<int64_t, FIELD_COUNT> f = field_values(t + static_cast<double>(offset(t)));
        for (size_t k = 0; k < FIELD_COUNT; k++) columns[k]->items_as<int64_t>()[i] = f[k];
    }
    std::vector<std::pair<std::string, Value>> out;
    for (size_t k = 0; k < FIELD_COUNT; k++) out.emplace_back(std::string(FIELDS[k]), Value::array(std::move(columns[k])));
    return value::record(std::move(out));
}

// Applies f to each number of x, keeping its shape (an atom gives f's result).
template <class F>
Value each_moment(const Value& x, F f) {
    Value r = x.read();
    if (r.is_atom()) return f(r);
    std::vector<Value> out;
    for (const Value& v : lang::items_of(r)) out.push_back(f(v));
    return value::make_array(r.shape(), std::move(out), r.count() == 0 ? f(Value::real(0)) : Value());
}

} // namespace

namespace {

// Whether v is a record (of fields), not text.
bool is_fields(const Value& v) {
    Value r = v.read();
    return !r.is_atom() && r.rank() == 1 && r.count() > 0 && !value::keys_of(r).empty();
}

} // namespace

Value date_monad(const Value& omega) {
    if (is_fields(omega)) return moments_of_fields(omega, [](double t) { return t; });
    return map_text(omega, "•date's text", [](const std::u32string& s) {
        return Value::real(utc_of(iso_reading(utf8(s)), Zone()));
    });
}

Value date_dyad(const Value& alpha, const Value& omega) {
    DateOptions o = date_options(alpha, "•date");
    if (is_fields(omega)) return moments_of_fields(omega, [&](double t) { return o.zone.to_utc(t); });
    TimeLocale locale = o.locale ? TimeLocale(*o.locale) : TimeLocale();
    return map_text(omega, "•date's text", [&](const std::u32string& s) {
        std::string u = utf8(s);
        Reading r = o.pattern ? pattern_reading(*o.pattern, u, locale) : iso_reading(u);
        return Value::real(utc_of(r, o.zone));
    });
}

Value date_fields(const Value& omega) {
    return fields_of_moments(omega, [](double) { return int64_t{0}; });
}

Value date_format(const Value& alpha, const Value& omega) {
    DateOptions o = date_options(alpha, "•date⁻");
    if (!o.pattern) return fields_of_moments(omega, [&](double t) { return o.zone.offset_at(t, nullptr); });
    TimeLocale locale = o.locale ? TimeLocale(*o.locale) : TimeLocale();
    return each_moment(omega, [&](const Value& v) {
        double t = moment_of(v);
        std::string abbrev;
        int64_t offset = o.zone.offset_at(t, &abbrev);
        std::time_t local = static_cast<std::time_t>(std::floor(t)) + offset;
        std::tm tm{};
        if (!gmtime_r(&local, &tm)) throw Error(ErrorKind::Domain, "•date⁻: the moment is out of range");
        tm.tm_gmtoff = offset; // for %z and %Z
        tm.tm_zone = abbrev.c_str();
        char buf[512];
        size_t n = locale.get() ? strftime_l(buf, sizeof buf, o.pattern->c_str(), &tm, locale.get())
                                : std::strftime(buf, sizeof buf, o.pattern->c_str(), &tm);
        if (n == 0 && !o.pattern->empty()) throw Error(ErrorKind::Domain, "•date⁻: the pattern gives no text");
        return text(std::string(buf, n));
    });
}

} // namespace bpl::session
