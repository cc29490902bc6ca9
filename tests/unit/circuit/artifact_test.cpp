// Artifact v1: JSON parsing, JavaScript number formatting, validation errors with paths, round trips.
#include "circuit/artifact.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

namespace bpl::circuit {
namespace {

// A two-input program: result = a + b, both float64.
const char* SUM = R"({"format":"tensorcode.program","version":1,"semantics":"exact","dtype":"float64",
"surrogate":"sigmoid","temperature":1,"nodes":[
{"id":0,"op":"input","args":[],"shape":[],"domain":{"type":"float64","min":null,"max":null},"differentiable":true,"source":null,"name":"a"},
{"id":1,"op":"input","args":[],"shape":[],"domain":{"type":"int32","min":-3,"max":3},"differentiable":false,"source":{"file":"f.py","line":2,"column":4},"name":"b"},
{"id":2,"op":"add","args":[0,1],"shape":[],"domain":{"type":"float64","min":null,"max":null},"differentiable":true,"source":null}],
"outputs":{"result":2},"updates":{}})";

std::string without_space(const std::string& s) {
    std::string out;
    for (char c : s)
        if (c != '\n') out += c;
    return out;
}

std::string error_of(const std::string& text) {
    try {
        (void)load_artifact(text);
    } catch (const ArtifactError& e) {
        return e.what();
    }
    return "";
}

std::string replace(std::string s, const std::string& from, const std::string& to) {
    size_t at = s.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    return s.replace(at, from.size(), to);
}

TEST(Json, NumbersAreFormattedLikeJavaScript) {
    // Expected strings are what node -e 'console.log(String(x))' prints.
    EXPECT_EQ(format_number(10.0), "10");
    EXPECT_EQ(format_number(-0.0), "0");
    EXPECT_EQ(format_number(0.1), "0.1");
    EXPECT_EQ(format_number(0.30000000000000004), "0.30000000000000004");
    EXPECT_EQ(format_number(1e21), "1e+21");
    EXPECT_EQ(format_number(1e20), "100000000000000000000");
    EXPECT_EQ(format_number(1.5e-7), "1.5e-7");
    EXPECT_EQ(format_number(0.000001), "0.000001");
    EXPECT_EQ(format_number(-2147483648.0), "-2147483648");
    EXPECT_EQ(format_number(1.7976931348623157e308), "1.7976931348623157e+308");
    EXPECT_EQ(format_number(5e-324), "5e-324");
    EXPECT_EQ(format_number(123.456), "123.456");
}

TEST(Json, ParserIsStrict) {
    EXPECT_THROW(parse_json("NaN"), JsonError);
    EXPECT_THROW(parse_json("[Infinity]"), JsonError);
    EXPECT_THROW(parse_json("1e400"), JsonError);
    EXPECT_THROW(parse_json("{\"a\":1,\"a\":2}"), JsonError);
    EXPECT_THROW(parse_json("[1,]"), JsonError);
    EXPECT_THROW(parse_json("01"), JsonError);
    EXPECT_THROW(parse_json("{} x"), JsonError);
    Json v = parse_json(R"({"s":"a\u00e9\n","n":-0.0,"l":[true,null]})");
    EXPECT_EQ(v.find("s")->as_string(), "a\xc3\xa9\n");
    EXPECT_TRUE(std::signbit(v.find("n")->as_number()));
    EXPECT_EQ(v.find("l")->items().size(), 2u);
}

TEST(Json, IndentMatchesJsonStringify) {
    Json v = parse_json(R"({"a":[1,2],"b":{},"c":[]})");
    // JSON.stringify({a:[1,2],b:{},c:[]}, null, 2)
    EXPECT_EQ(write_json(v, 2), "{\n  \"a\": [\n    1,\n    2\n  ],\n  \"b\": {},\n  \"c\": []\n}");
    EXPECT_EQ(write_json(v), R"({"a":[1,2],"b":{},"c":[]})");
}

TEST(Artifact, RoundTripIsCanonical) {
    Circuit c = load_artifact(std::string(SUM));
    ASSERT_EQ(c.nodes.size(), 3u);
    EXPECT_EQ(c.nodes[1].domain.min, -3.0);
    EXPECT_EQ(c.nodes[1].source->line, 2);
    std::string text = artifact_text(c);
    EXPECT_EQ(text, without_space(SUM));
    EXPECT_EQ(artifact_text(load_artifact(text)), text);
}

TEST(Artifact, ValidationNamesThePath) {
    std::string s = SUM;
    EXPECT_NE(error_of(replace(s, "\"args\":[0,1]", "\"args\":[0,2]")).find("nodes[2].args[1]"), std::string::npos);
    EXPECT_NE(error_of(replace(s, "\"args\":[0,1]", "\"args\":[0]")).find("nodes[2].args"), std::string::npos);
    EXPECT_NE(error_of(replace(s, "\"args\":[0,1]", "\"args\":[0,true]")).find("nodes[2].args[1]"), std::string::npos);
    EXPECT_NE(error_of(replace(s, "\"version\":1", "\"version\":2")).find("unsupported artifact version"), std::string::npos);
    EXPECT_NE(error_of(replace(s, "\"op\":\"add\"", "\"op\":\"pow\"")).find("unknown opcode"), std::string::npos);
    EXPECT_NE(error_of(replace(s, "\"id\":2", "\"id\":5")).find("nodes[2].id"), std::string::npos);
    EXPECT_NE(error_of(replace(s, "\"name\":\"b\"", "\"name\":\"a\"")).find("duplicate leaf name"), std::string::npos);
    EXPECT_NE(error_of(replace(s, "\"updates\":{}", "\"updates\":{\"0\":2}")).find("updates.0"), std::string::npos);
    EXPECT_NE(error_of(replace(s, "\"outputs\":{\"result\":2}", "\"outputs\":{}")).find("outputs"), std::string::npos);
    EXPECT_NE(error_of(replace(s, "\"temperature\":1", "\"temperature\":0")).find("temperature"), std::string::npos);
    EXPECT_NE(error_of(replace(s, "\"min\":-3", "\"min\":4")).find("nodes[1].domain"), std::string::npos);
    EXPECT_NE(error_of(replace(s, "\"min\":-3", "\"min\":-3.5")).find("nodes[1].domain.min"), std::string::npos);
    EXPECT_NE(error_of(replace(s, "\"shape\":[]", "\"shape\":[1]")).find("nodes[0].shape"), std::string::npos);
    EXPECT_NE(error_of(replace(s, "\"source\":null}]", "\"source\":null,\"extra\":1}]")).find("unknown field"), std::string::npos);
    EXPECT_NE(error_of(replace(s, "\"name\":\"a\"", "\"value\":1")).find("nodes[0]"), std::string::npos);
    EXPECT_NE(error_of(replace(s, "\"temperature\":1,", "\"temperature\":1,\"x\":1,")).find("unknown field"), std::string::npos);
    EXPECT_NE(error_of("[1").find("invalid JSON"), std::string::npos);
    EXPECT_EQ(error_of(s), "");
    EXPECT_THROW((void)load_artifact(std::string(SUM), 2), ArtifactError); // max_nodes
}

TEST(Artifact, ValueFieldsAreChecked) {
    std::string one_hot = R"({"format":"tensorcode.program","version":1,"semantics":"exact","dtype":"float32",
"surrogate":"sigmoid","temperature":1,"nodes":[
{"id":0,"op":"input","args":[],"shape":[],"domain":{"type":"int32","min":0,"max":3},"differentiable":false,"source":null,"name":"i"},
{"id":1,"op":"one_hot","args":[0],"shape":[],"domain":{"type":"boolean","min":0,"max":1},"differentiable":true,"source":null,"value":{"position":2,"size":4}},
{"id":2,"op":"constant","args":[],"shape":[],"domain":{"type":"float32","min":null,"max":null},"differentiable":false,"source":null,"value":0.5},
{"id":3,"op":"sparse_affine","args":[1,2],"shape":[],"domain":{"type":"float32","min":null,"max":null},"differentiable":true,"source":null,"value":{"indices":[0,3],"weights":[2,3],"bias":null}}],
"outputs":{"result":3},"updates":{}})";
    EXPECT_EQ(error_of(one_hot), "");
    EXPECT_NE(error_of(replace(one_hot, "\"position\":2", "\"position\":4")).find("nodes[1].value.position"), std::string::npos);
    EXPECT_NE(error_of(replace(one_hot, "\"indices\":[0,3]", "\"indices\":[3,0]")).find("nodes[3].value.indices[1]"), std::string::npos);
    EXPECT_NE(error_of(replace(one_hot, "\"value\":0.5", "\"value\":0.1")).find("float32"), std::string::npos);
    EXPECT_NE(error_of(replace(one_hot, "\"weights\":[2,3]", "\"weights\":[2]")).find("nodes[3].value"), std::string::npos);
}

} // namespace
} // namespace bpl::circuit
