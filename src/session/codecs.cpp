// Byte codecs of the data group (operators-and-system.md §21.1): •hash (SHA-2 through OpenSSL's
// libcrypto), •deflate and •deflate⁻ (gzip, zlib and raw deflate through zlib), •uuid (RFC 9562
// versions 0 1 3 4 5 6 7 8). Bytes in are text (as UTF-8) or numbers 0–255; bytes out are
// integer vectors.
#include "session/names.h"

#include "base/error.h"
#include "base/utf8.h"
#include "lang/cells.h"
#include "value/array.h"

#include <openssl/evp.h>
#include <zlib.h>

#include <array>
#include <chrono>
#include <cmath>
#include <random>

namespace bpl::session {

using base::Error;
using base::ErrorKind;
using number::Kind;
using value::ArrayData;

std::string bytes_of(const Value& v, const char* what) {
    if (is_text(v)) return text_of(v, what);
    if (v.is_function()) throw Error(ErrorKind::Domain, std::string(what) + " must be text or bytes");
    Value r = v.read();
    if (r.rank() > 1) throw Error(ErrorKind::Rank, std::string(what) + " must be a vector");
    std::string out;
    for (const Value& x : lang::items_of(r)) {
        double d = x.is_number() ? x.as_f64() : -1;
        if (!(d >= 0 && d <= 255 && d == std::floor(d)))
            throw Error(ErrorKind::Domain, std::string(what) + ": bytes are whole numbers 0 to 255");
        out += static_cast<char>(static_cast<unsigned char>(d));
    }
    return out;
}

Value byte_vector(std::string_view bytes) {
    int64_t n = static_cast<int64_t>(bytes.size());
    base::Ref<ArrayData> a = ArrayData::compact(Kind::Int, {n});
    int64_t* p = a->items_as<int64_t>();
    for (int64_t i = 0; i < n; i++) p[i] = static_cast<unsigned char>(bytes[static_cast<size_t>(i)]);
    return Value::array(std::move(a));
}

namespace {

std::string hex(const unsigned char* p, size_t n) {
    static const char DIGITS[] = "0123456789abcdef";
    std::string s;
    for (size_t i = 0; i < n; i++) {
        s += DIGITS[p[i] >> 4];
        s += DIGITS[p[i] & 15];
    }
    return s;
}

// The digest of `data` by the OpenSSL algorithm `name` (sha256, sha1, md5, …).
std::string digest(const char* name, std::string_view data) {
    const EVP_MD* md = EVP_get_digestbyname(name);
    unsigned char out[EVP_MAX_MD_SIZE];
    unsigned int len = 0;
    if (!md || !EVP_Digest(data.data(), data.size(), out, &len, md, nullptr))
        throw Error(ErrorKind::Internal, std::string("the ") + name + " digest failed");
    return std::string(reinterpret_cast<char*>(out), len);
}

// The zlib window bits of a format name: gzip (the default), zlib, or raw deflate.
int window_bits(const Value& format) {
    std::string f = text_of(format, "•deflate's format");
    if (f == "gzip") return 15 + 16;
    if (f == "zlib") return 15;
    if (f == "deflate") return -15;
    throw Error(ErrorKind::Domain, "•deflate's format is \"gzip\", \"zlib\" or \"deflate\"");
}

Value inflate_bytes(std::string_view in, int bits) {
    z_stream z{};
    if (inflateInit2(&z, bits) != Z_OK) throw std::bad_alloc();
    std::string out;
    z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data()));
    z.avail_in = static_cast<uInt>(in.size());
    int rc = Z_OK;
    char buf[1 << 15];
    while (rc != Z_STREAM_END) {
        z.next_out = reinterpret_cast<Bytef*>(buf);
        z.avail_out = sizeof buf;
        rc = inflate(&z, Z_NO_FLUSH);
        if (rc != Z_OK && rc != Z_STREAM_END) break;
        out.append(buf, sizeof buf - z.avail_out);
        if (rc == Z_OK && z.avail_in == 0 && z.avail_out != 0) {
            rc = Z_DATA_ERROR; // the stream ends early
            break;
        }
    }
    inflateEnd(&z);
    if (rc != Z_STREAM_END) throw Error(ErrorKind::Domain, "•deflate: the data is not valid compressed data");
    return byte_vector(out);
}

Value deflate_bytes(std::string_view in, int bits) {
    z_stream z{};
    if (deflateInit2(&z, Z_DEFAULT_COMPRESSION, Z_DEFLATED, bits, 8, Z_DEFAULT_STRATEGY) != Z_OK)
        throw std::bad_alloc();
    std::string out(deflateBound(&z, static_cast<uLong>(in.size())), '\0');
    z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data()));
    z.avail_in = static_cast<uInt>(in.size());
    z.next_out = reinterpret_cast<Bytef*>(out.data());
    z.avail_out = static_cast<uInt>(out.size());
    int rc = deflate(&z, Z_FINISH);
    out.resize(z.total_out);
    deflateEnd(&z);
    if (rc != Z_STREAM_END) throw Error(ErrorKind::Internal, "•deflate⁻: compression failed");
    return byte_vector(out);
}

// 16 random bytes from the system's entropy source (an effect, §18).
std::array<unsigned char, 16> random_bytes() {
    std::random_device rd;
    std::array<unsigned char, 16> b{};
    for (size_t i = 0; i < 16; i += 4) {
        uint32_t w = rd();
        for (size_t k = 0; k < 4; k++) b[i + k] = static_cast<unsigned char>(w >> (8 * k));
    }
    return b;
}

std::string uuid_text(std::array<unsigned char, 16> b, int version) {
    if (version != 0) {
        b[6] = static_cast<unsigned char>((b[6] & 0x0F) | (version << 4));
        b[8] = static_cast<unsigned char>((b[8] & 0x3F) | 0x80); // the RFC variant
    }
    std::string h = hex(b.data(), 16);
    return h.substr(0, 8) + "-" + h.substr(8, 4) + "-" + h.substr(12, 4) + "-" + h.substr(16, 4) + "-" + h.substr(20);
}

// The 16 bytes of a namespace: "dns" "url" "oid" "x500" (RFC 9562 appendix) or a UUID's text.
std::array<unsigned char, 16> namespace_bytes(const std::string& ns) {
    std::string text = ns == "dns"    ? "6ba7b810-9dad-11d1-80b4-00c04fd430c8"
                       : ns == "url"  ? "6ba7b811-9dad-11d1-80b4-00c04fd430c8"
                       : ns == "oid"  ? "6ba7b812-9dad-11d1-80b4-00c04fd430c8"
                       : ns == "x500" ? "6ba7b814-9dad-11d1-80b4-00c04fd430c8"
                                      : ns;
    std::array<unsigned char, 16> b{};
    size_t k = 0;
    auto nibble = [](char c) {
        return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
    };
    for (size_t i = 0; i < text.size(); i++) {
        if (text[i] == '-' && (i == 8 || i == 13 || i == 18 || i == 23)) continue;
        int hi = nibble(text[i]), lo = i + 1 < text.size() ? nibble(text[i + 1]) : -1;
        if (hi < 0 || lo < 0 || k >= 16) throw Error(ErrorKind::Domain, "•uuid: the namespace is not a UUID");
        b[k++] = static_cast<unsigned char>(hi * 16 + lo);
        i++;
    }
    if (k != 16 || text.size() != 36) throw Error(ErrorKind::Domain, "•uuid: the namespace is not a UUID");
    return b;
}

int uuid_version(const Value& omega) {
    Value v = omega.read();
    double d = v.is_number() ? v.as_f64() : -1;
    int version = d == std::floor(d) ? static_cast<int>(d) : -1;
    if (version < 0 || version > 8 || version == 2)
        throw Error(ErrorKind::Domain, "•uuid's version is 0, 1, 3, 4, 5, 6, 7 or 8");
    return version;
}

// Version 1 and 6 timestamps: 100-ns intervals since 1582-10-15.
uint64_t gregorian_ticks() {
    auto since_unix = std::chrono::system_clock::now().time_since_epoch();
    uint64_t ticks = static_cast<uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(since_unix).count() / 100);
    return ticks + 0x01B21DD213814000ULL;
}

// The lower-case hex digest of data's bytes.
std::string hex_digest(const char* algorithm, const Value& data) {
    std::string d = digest(algorithm, bytes_of(data, "•hash's data"));
    return hex(reinterpret_cast<const unsigned char*>(d.data()), d.size());
}

} // namespace

Value hash_monad(const Value& omega) { return text(hex_digest("sha256", omega)); }

Value hash_dyad(const Value& alpha, const Value& omega) {
    std::string a = text_of(alpha, "•hash's algorithm");
    if (a != "sha224" && a != "sha256" && a != "sha384" && a != "sha512")
        throw Error(ErrorKind::Domain, "•hash's algorithm is \"sha224\", \"sha256\", \"sha384\" or \"sha512\"");
    return text(hex_digest(a.c_str(), omega));
}

Value inflate_monad(const Value& omega) { return inflate_bytes(bytes_of(omega, "•deflate's data"), 15 + 16); }
Value inflate_dyad(const Value& alpha, const Value& omega) {
    return inflate_bytes(bytes_of(omega, "•deflate's data"), window_bits(alpha));
}
Value deflate_monad(const Value& omega) { return deflate_bytes(bytes_of(omega, "•deflate⁻'s data"), 15 + 16); }
Value deflate_dyad(const Value& alpha, const Value& omega) {
    return deflate_bytes(bytes_of(omega, "•deflate⁻'s data"), window_bits(alpha));
}

Value uuid_monad(const Value& omega) {
    int version = uuid_version(omega);
    std::array<unsigned char, 16> b = random_bytes();
    switch (version) {
    case 0: b.fill(0); break;
    case 4: break;
    case 7: {
        auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                      std::chrono::system_clock::now().time_since_epoch()).count();
        for (int i = 0; i < 6; i++) b[static_cast<size_t>(i)] = static_cast<unsigned char>(static_cast<uint64_t>(ms) >> (8 * (5 - i)));
        break;
    }
    case 1:
    case 6: {
        uint64_t t = gregorian_ticks();
        if (version == 1) { // time_low, time_mid, time_hi
            uint32_t low = static_cast<uint32_t>(t);
            uint16_t mid = static_cast<uint16_t>(t >> 32), high = static_cast<uint16_t>(t >> 48);
            for (int i = 0; i < 4; i++) b[static_cast<size_t>(i)] = static_cast<unsigned char>(low >> (8 * (3 - i)));
            b[4] = static_cast<unsigned char>(mid >> 8);
            b[5] = static_cast<unsigned char>(mid);
            b[6] = static_cast<unsigned char>(high >> 8);
            b[7] = static_cast<unsigned char>(high);
        } else { // the 60-bit timestamp most significant first
            uint64_t s = t << 4;
            for (int i = 0; i < 6; i++) b[static_cast<size_t>(i)] = static_cast<unsigned char>(s >> (8 * (7 - i)));
            b[6] = static_cast<unsigned char>((t >> 8) & 0x0F);
            b[7] = static_cast<unsigned char>(t);
        }
        b[10] |= 0x01; // a random node id has its multicast bit set (RFC 9562 §6.10)
        break;
    }
    default: throw Error(ErrorKind::Domain, "•uuid " + std::to_string(version) + " needs a left argument");
    }
    return text(uuid_text(b, version));
}

Value uuid_dyad(const Value& alpha, const Value& omega) {
    int version = uuid_version(omega);
    if (version == 8) {
        std::string bytes = bytes_of(alpha, "•uuid 8's bytes");
        if (bytes.size() != 16) throw Error(ErrorKind::Domain, "•uuid 8 takes 16 bytes");
        std::array<unsigned char, 16> b{};
        std::copy(bytes.begin(), bytes.end(), b.begin());
        return text(uuid_text(b, 8));
    }
    if (version != 3 && version != 5)
        throw Error(ErrorKind::Domain, "•uuid takes a left argument for versions 3, 5 and 8 only");
    Value a = alpha.read();
    if (a.is_atom() || a.rank() != 1 || a.count() != 2 || !a.array_data().is_boxed())
        throw Error(ErrorKind::Domain, "•uuid 3 and 5 take [namespace name] on the left");
    const std::vector<Value>& parts = a.array_data().boxed_items();
    std::array<unsigned char, 16> ns = namespace_bytes(text_of(parts[0], "•uuid's namespace"));
    std::string input(reinterpret_cast<const char*>(ns.data()), 16);
    input += bytes_of(parts[1], "•uuid's name");
    std::string d = digest(version == 3 ? "md5" : "sha1", input);
    std::array<unsigned char, 16> b{};
    std::copy(d.begin(), d.begin() + 16, b.begin());
    return text(uuid_text(b, version));
}

} // namespace bpl::session
