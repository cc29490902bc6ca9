// •fetch (operators-and-system.md §21.1) on libcurl: `•fetch url` or `opts •fetch url` with the
// options `method body headers binary`, giving the record `status headers body`. Any HTTP
// status is a result (404 too); no response at all (refused, unresolved, timed out) is a FILE
// ERROR. Header names are given lower-cased, as HTTP/2 writes them; a repeated header keeps its
// last value. The body is UTF-8 text, or with `binary` its bytes. Redirects are followed; the
// transfer checks the interrupt flag, so Ctrl-C ends it as INTERRUPT.
#include "session/names.h"

#include "base/error.h"
#include "base/interrupt.h"
#include "base/utf8.h"
#include "value/array.h"
#include "value/layout.h"

#include <curl/curl.h>

#include <algorithm>
#include <cctype>
#include <memory>
#include <string>
#include <vector>

namespace bpl::session {

using base::Error;
using base::ErrorKind;

namespace {

struct Response {
    std::string body;
    std::vector<std::pair<std::string, std::string>> headers;
};

size_t on_body(char* p, size_t size, size_t n, void* out) {
    static_cast<Response*>(out)->body.append(p, size * n);
    return size * n;
}

size_t on_header(char* p, size_t size, size_t n, void* out) {
    auto* r = static_cast<Response*>(out);
    std::string line(p, size * n);
    if (line.rfind("HTTP/", 0) == 0) r->headers.clear(); // a redirect's next response starts over
    size_t colon = line.find(':');
    if (colon != std::string::npos) {
        std::string name = line.substr(0, colon), value = line.substr(colon + 1);
        std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return std::tolower(c); });
        auto trim = [](std::string& s) {
            size_t b = s.find_first_not_of(" \t\r\n"), e = s.find_last_not_of(" \t\r\n");
            s = b == std::string::npos ? "" : s.substr(b, e - b + 1);
        };
        trim(value);
        auto same = [&](const auto& h) { return h.first == name; };
        r->headers.erase(std::remove_if(r->headers.begin(), r->headers.end(), same), r->headers.end());
        r->headers.emplace_back(name, value);
    }
    return size * n;
}

int on_progress(void*, curl_off_t, curl_off_t, curl_off_t, curl_off_t) {
    return base::interrupt_requested() ? 1 : 0; // non-zero aborts the transfer
}

Value fetch_with(const std::string& url, const Options& opts) {
    static const bool initialised = (curl_global_init(CURL_GLOBAL_DEFAULT), true);
    (void)initialised;
    std::unique_ptr<CURL, void (*)(CURL*)> curl(curl_easy_init(), curl_easy_cleanup);
    if (!curl) throw std::bad_alloc();
    CURL* c = curl.get();
    Response r;
    std::string method = "GET", body;
    bool binary = false;
    struct curl_slist* headers = nullptr;
    std::unique_ptr<curl_slist, void (*)(curl_slist*)> free_headers(nullptr, curl_slist_free_all);
    for (const auto& [name, v] : opts) {
        if (name == "method") {
            method = text_of(v, "•fetch's method");
            for (char& ch : method) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
            if (method.empty() || method.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZ") != std::string::npos)
                throw Error(ErrorKind::Domain, "•fetch: the method is one word");
        } else if (name == "body") {
            body = bytes_of(v, "•fetch's body");
        } else if (name == "headers") {
            for (const auto& [k, hv] : fields_of(v, "•fetch's headers")) {
                std::string line = k + ": " + text_of(hv, "•fetch's header");
                if (line.find_first_of("\r\n") != std::string::npos)
                    throw Error(ErrorKind::Domain, "•fetch: a header holds a line break");
                curl_slist* longer = curl_slist_append(headers, line.c_str());
                if (!longer) throw std::bad_alloc(); // the list so far is still freed
                (void)free_headers.release();      // (the same list, one longer)
                free_headers.reset(headers = longer);
            }
        } else { // binary
            binary = flag_of(v, "•fetch's binary");
        }
    }
    curl_easy_setopt(c, CURLOPT_URL, url.c_str());
    curl_easy_setopt(c, CURLOPT_FOLLOWLOCATION, 1L);
    curl_easy_setopt(c, CURLOPT_CONNECTTIMEOUT, 30L);
    curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, on_body);
    curl_easy_setopt(c, CURLOPT_WRITEDATA, &r);
    curl_easy_setopt(c, CURLOPT_HEADERFUNCTION, on_header);
    curl_easy_setopt(c, CURLOPT_HEADERDATA, &r);
    curl_easy_setopt(c, CURLOPT_XFERINFOFUNCTION, on_progress);
    curl_easy_setopt(c, CURLOPT_NOPROGRESS, 0L);
    curl_easy_setopt(c, CURLOPT_CUSTOMREQUEST, method.c_str());
    if (method == "HEAD") curl_easy_setopt(c, CURLOPT_NOBODY, 1L);
    if (!body.empty() || method == "POST" || method == "PUT" || method == "PATCH") {
        curl_easy_setopt(c, CURLOPT_POSTFIELDS, body.data());
        curl_easy_setopt(c, CURLOPT_POSTFIELDSIZE_LARGE, static_cast<curl_off_t>(body.size()));
    }
    if (headers) curl_easy_setopt(c, CURLOPT_HTTPHEADER, headers);
    CURLcode rc = curl_easy_perform(c);
    if (rc == CURLE_ABORTED_BY_CALLBACK) base::check_interrupt(); // raises INTERRUPT
    if (rc != CURLE_OK) throw Error(ErrorKind::Io, "•fetch \"" + url + "\": " + curl_easy_strerror(rc));
    long status = 0;
    curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &status);
    std::vector<std::pair<std::string, Value>> hs;
    for (auto& [k, hv] : r.headers) hs.emplace_back(k, text(hv));
    Value out_body;
    if (binary) {
        out_body = byte_vector(r.body);
    } else {
        try {
            out_body = value::char_vector(base::decode_utf8(r.body));
        } catch (const Error&) {
            throw Error(ErrorKind::Domain, "•fetch: the body is not UTF-8 text (the binary option reads bytes)");
        }
    }
    return record({{"status", Value::integer(status)}, {"headers", value::record(std::move(hs))}, {"body", out_body}});
}

} // namespace

Value fetch_monad(const Value& omega) { return fetch_with(text_of(omega, "•fetch's URL"), {}); }

Value fetch_dyad(const Value& alpha, const Value& omega) {
    return fetch_with(text_of(omega, "•fetch's URL"),
                      options_of(alpha, "•fetch", {"method", "body", "headers", "binary"}, "method"));
}

} // namespace bpl::session
