// •date and •date⁻ (operators-and-system.md §21.1): moments as Unix seconds (float64, UTC) read
// from ISO 8601 / RFC 3339 text or a strptime pattern on the left, and the calendar fields of a
// moment (proleptic Gregorian, through <chrono>'s civil calendar) or its text by a strftime
// pattern. Zones other than UTC offsets and locales wait on records for their options.
#include "session/names.h"

#include "base/error.h"
#include "lang/cells.h"
#include "value/array.h"

#include <chrono>
#include <cmath>
#include <ctime>

namespace bpl::session {

using base::Error;
using base::ErrorKind;
namespace chr = std::chrono;

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

// Unix seconds of an ISO 8601 date or date-time: YYYY-MM-DD, then optionally T or a space,
// hh:mm[:ss[.fraction]], then optionally Z or ±hh[:]mm. No zone means UTC.
double iso_seconds(const std::string& s) {
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
    int offset = 0; // seconds east of UTC
    if (i < s.size() && (s[i] == 'Z' || s[i] == 'z')) {
        i++;
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
    return static_cast<double>(days * 86400 + h * 3600 + mi * 60 + sec - offset) + frac;
}

// Unix seconds of text read by a strptime pattern (UTC).
double pattern_seconds(const std::string& pattern, const std::string& s) {
    std::tm tm{};
    const char* end = strptime(s.c_str(), pattern.c_str(), &tm);
    if (!end || *end) bad_date(s);
    return static_cast<double>(timegm(&tm));
}

double moment_of(const Value& x) {
    Value v = x.read();
    if (!v.is_number()) throw Error(ErrorKind::Domain, "•date⁻ takes moments in Unix seconds");
    double t = v.as_f64();
    if (!std::isfinite(t) || std::fabs(t) > 1e15) throw Error(ErrorKind::Domain, "•date⁻: the moment is out of range");
    return t;
}

// The calendar fields of moment t: year month day hour minute second nanosecond weekday
// (ISO: Monday 1 … Sunday 7) ordinal (day of the year from 1) iso_week.
Value fields(double t) {
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
    auto i = [](int64_t v) { return Value::integer(v); };
    return record({{"year", i(static_cast<int>(ymd.year()))},
                   {"month", i(static_cast<unsigned>(ymd.month()))},
                   {"day", i(static_cast<unsigned>(ymd.day()))},
                   {"hour", i(rest / 3600)},
                   {"minute", i(rest / 60 % 60)},
                   {"second", i(rest % 60)},
                   {"nanosecond", i(nanos)},
                   {"weekday", i(weekday)},
                   {"ordinal", i(ordinal)},
                   {"iso_week", i(iso_week)}});
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

Value date_monad(const Value& omega) {
    return map_text(omega, "•date's text", [](const std::u32string& s) {
        std::string u = utf8(s);
        return Value::real(iso_seconds(u));
    });
}

Value date_dyad(const Value& alpha, const Value& omega) {
    std::string pattern = text_of(alpha, "•date's pattern");
    return map_text(omega, "•date's text", [&](const std::u32string& s) {
        std::string u = utf8(s);
        return Value::real(pattern_seconds(pattern, u));
    });
}

Value date_fields(const Value& omega) {
    return each_moment(omega, [](const Value& v) { return fields(moment_of(v)); });
}

Value date_format(const Value& alpha, const Value& omega) {
    std::string pattern = text_of(alpha, "•date⁻'s pattern");
    return each_moment(omega, [&](const Value& v) {
        std::time_t t = static_cast<std::time_t>(std::floor(moment_of(v)));
        std::tm tm{};
        if (!gmtime_r(&t, &tm)) throw Error(ErrorKind::Domain, "•date⁻: the moment is out of range");
        char buf[512];
        size_t n = std::strftime(buf, sizeof buf, pattern.c_str(), &tm);
        if (n == 0 && !pattern.empty()) throw Error(ErrorKind::Domain, "•date⁻: the pattern gives no text");
        return text(std::string(buf, n));
    });
}

} // namespace bpl::session
