// The state runtime (spec §16, §21): transactional events, the step budget across snapshot and
// restore, snapshot validation and replay.
#include "circuit/runtime.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

namespace bpl::circuit {
namespace {

// count: int32 [0, 3] with count' = count + event; other: float64 with other' = other - event.
const char* COUNTER =
    R"({"format":"tensorcode.program","version":1,"semantics":"exact","dtype":"float64",)"
    R"("surrogate":"sigmoid","temperature":1,"nodes":[)"
    R"({"id":0,"op":"input","args":[],"shape":[],"domain":{"type":"int32","min":0,"max":5},"differentiable":false,"source":null,"name":"event"},)"
    R"({"id":1,"op":"state","args":[],"shape":[],"domain":{"type":"int32","min":0,"max":3},"differentiable":false,"source":null,"name":"count","value":0},)"
    R"({"id":2,"op":"state","args":[],"shape":[],"domain":{"type":"float64","min":null,"max":null},"differentiable":true,"source":null,"name":"other","value":10},)"
    R"({"id":3,"op":"add","args":[1,0],"shape":[],"domain":{"type":"float64","min":null,"max":null},"differentiable":true,"source":null},)"
    R"({"id":4,"op":"sub","args":[2,0],"shape":[],"domain":{"type":"float64","min":null,"max":null},"differentiable":true,"source":null}],)"
    R"("outputs":{"count":1,"other":2},"updates":{"1":3,"2":4}})";

std::shared_ptr<const Circuit> counter() {
    return std::make_shared<const Circuit>(load_artifact(std::string_view(COUNTER)));
}

std::vector<double> dispatch(Runtime& rt, double event) {
    std::vector<double> out;
    rt.dispatch(std::vector<double>{event}, nullptr, &out);
    return out;
}

TEST(Runtime, CommitsAllNextValuesAtOnce) {
    Runtime rt(counter(), 4);
    EXPECT_EQ(rt.state(), (std::vector<double>{0.0, 10.0}));
    EXPECT_EQ(dispatch(rt, 2), (std::vector<double>{0.0, 10.0})); // outputs read the old state
    EXPECT_EQ(rt.state(), (std::vector<double>{2.0, 8.0}));
    EXPECT_EQ(rt.steps(), 1);
}

TEST(Runtime, FailedEventChangesNeitherStateNorSteps) {
    Runtime rt(counter(), 4);
    dispatch(rt, 2);
    // count would become 4 > 3; "other" was computed fine but must not commit either.
    std::vector<double> out{42.0};
    try {
        rt.dispatch(std::vector<double>{2}, nullptr, &out);
        FAIL() << "expected a domain failure";
    } catch (const Failure& e) {
        EXPECT_EQ(e.kind(), FailKind::Domain);
        EXPECT_EQ(e.node(), 1);
    }
    EXPECT_EQ(out, std::vector<double>{42.0}); // outputs untouched on failure
    EXPECT_EQ(rt.state(), (std::vector<double>{2.0, 8.0}));
    EXPECT_EQ(rt.steps(), 1);
    // An input outside its domain fails the same way, before anything runs.
    EXPECT_THROW(dispatch(rt, 6), Failure);
    EXPECT_THROW(dispatch(rt, 0.5), Failure);
    EXPECT_EQ(rt.state(), (std::vector<double>{2.0, 8.0}));
    EXPECT_EQ(rt.steps(), 1);
}

TEST(Runtime, BudgetStopsWithoutRunning) {
    Runtime rt(counter(), 2);
    dispatch(rt, 1);
    dispatch(rt, 1);
    EXPECT_THROW(dispatch(rt, 0), StepLimitError);
    EXPECT_EQ(rt.steps(), 2);
    EXPECT_EQ(rt.state(), (std::vector<double>{2.0, 8.0}));
    Runtime none(counter(), 0);
    EXPECT_THROW(dispatch(none, 0), StepLimitError);
    EXPECT_THROW(Runtime(counter(), -1), std::invalid_argument);
    EXPECT_THROW(Runtime(counter(), (int64_t(1) << 53) + 1), std::invalid_argument); // not exact in JSON
}

TEST(Runtime, StartStateIsChecked) {
    std::vector<double> ok{1.0, -3.5}, bad{9.0, 0.0}, half{1.5, 0.0};
    EXPECT_EQ(Runtime(counter(), 5, ok).state(), ok);
    EXPECT_THROW(Runtime(counter(), 5, bad), Failure);
    EXPECT_THROW(Runtime(counter(), 5, half), Failure);
    EXPECT_THROW(Runtime(counter(), 5, std::vector<double>{1.0}), std::invalid_argument);
}

TEST(Runtime, SnapshotRestoreKeepsConsumedBudget) {
    Runtime rt(counter(), 4);
    dispatch(rt, 2);
    dispatch(rt, 0);
    std::string text = rt.snapshot_text();
    EXPECT_EQ(text.rfind(R"({"format":"tensorcode.snapshot","version":1,"program":{"format":"tensorcode.program")", 0), 0u);
    EXPECT_NE(text.find(R"("state":{"count":2,"other":8},"steps":2,"max_steps":4})"), std::string::npos);

    Runtime again = Runtime::restore(std::string_view(text));
    EXPECT_EQ(again.steps(), 2);
    EXPECT_EQ(again.max_steps(), 4);
    EXPECT_EQ(again.state(), rt.state());
    EXPECT_EQ(again.snapshot_text(), text);
    dispatch(again, 1);
    dispatch(again, 0);
    EXPECT_THROW(dispatch(again, 0), StepLimitError); // the restored runtime did not get a new budget
    EXPECT_EQ(again.steps(), 4);
    EXPECT_EQ(again.state(), (std::vector<double>{3.0, 7.0}));
    EXPECT_EQ(rt.steps(), 2); // the original is independent
}

TEST(Runtime, RestoreValidatesEveryField) {
    Runtime rt(counter(), 5);
    const std::string good = rt.snapshot_text();
    auto edited = [&](const std::string& from, const std::string& to) {
        std::string s = good;
        size_t at = s.find(from);
        EXPECT_NE(at, std::string::npos) << from;
        return s.replace(at, from.size(), to);
    };
    const std::vector<std::string> bad = {
        edited(R"("steps":0)", R"("steps":6)"),
        edited(R"("steps":0)", R"("steps":-1)"),
        edited(R"("steps":0)", R"("steps":0.5)"),
        edited(R"("steps":0)", R"("steps":"0")"),
        edited(R"("version":1,"program")", R"("version":2,"program")"),
        edited(R"("version":1,"program")", R"("version":true,"program")"),
        edited(R"("tensorcode.snapshot")", R"("x")"),
        edited(R"("state":{"count":0,"other":10})", R"("state":{"count":0})"),
        edited(R"("state":{"count":0,"other":10})", R"("state":{"count":9,"other":10})"),
        edited(R"("state":{"count":0,"other":10})", R"("state":{"count":0,"other":10,"x":1})"),
        edited(R"("state":{"count":0,"other":10})", R"("state":{"count":0,"other":null})"),
        edited(R"("max_steps":5})", R"("max_steps":5,"extra":1})"),
        edited(R"("version":1,"semantics")", R"("version":3,"semantics")"),
        "{bad",
        "[]",
    };
    for (const std::string& s : bad) {
        try {
            Runtime::restore(std::string_view(s));
            ADD_FAILURE() << "accepted: " << s;
        } catch (const ArtifactError& e) {
            EXPECT_EQ(std::string(e.what()).rfind("snapshot", 0), 0u) << e.what();
        }
    }
    EXPECT_NO_THROW(Runtime::restore(std::string_view(good)));
}

TEST(Runtime, ReplayCommitsEventByEvent) {
    Runtime rt(counter(), 100);
    std::vector<std::vector<double>> events{{1}, {1}, {5}, {1}}, outs;
    EXPECT_THROW(rt.replay(events, nullptr, &outs), Failure);
    ASSERT_EQ(outs.size(), 2u); // the failing event's index
    EXPECT_EQ(outs[1], (std::vector<double>{1.0, 9.0}));
    EXPECT_EQ(rt.steps(), 2);
    EXPECT_EQ(rt.state(), (std::vector<double>{2.0, 8.0}));
}

TEST(Runtime, ReplayReproducesDispatch) {
    std::vector<std::vector<double>> events{{1}, {0}, {2}, {0}, {0}};
    Runtime one(counter(), 10), all(counter(), 10);
    std::vector<std::vector<double>> expected, got;
    for (const auto& e : events) {
        std::vector<double> out;
        one.dispatch(e, nullptr, &out);
        expected.push_back(out);
    }
    all.replay(events, nullptr, &got);
    EXPECT_EQ(got, expected);
    EXPECT_EQ(all.snapshot_text(), one.snapshot_text());

    // Restoring a mid-way snapshot and replaying the rest lands on the same state.
    Runtime head(counter(), 10);
    head.replay(std::span(events).first(2), nullptr, &got);
    Runtime tail = Runtime::restore(std::string_view(head.snapshot_text()));
    tail.replay(std::span(events).subspan(2), nullptr, &got);
    EXPECT_EQ(got, std::vector<std::vector<double>>(expected.begin() + 2, expected.end()));
    EXPECT_EQ(tail.snapshot_text(), one.snapshot_text());
}

TEST(Runtime, SwapUpdatesUseTheOldState) {
    const char* swap =
        R"({"format":"tensorcode.program","version":1,"semantics":"exact","dtype":"float64",)"
        R"("surrogate":"sigmoid","temperature":1,"nodes":[)"
        R"({"id":0,"op":"state","args":[],"shape":[],"domain":{"type":"float64","min":null,"max":null},"differentiable":true,"source":null,"name":"x","value":1},)"
        R"({"id":1,"op":"state","args":[],"shape":[],"domain":{"type":"float64","min":null,"max":null},"differentiable":true,"source":null,"name":"y","value":2}],)"
        R"("outputs":{"result":0},"updates":{"0":1,"1":0}})";
    Runtime rt(std::make_shared<const Circuit>(load_artifact(std::string_view(swap))));
    std::vector<std::vector<double>> events(3), outs;
    rt.replay(events, nullptr, &outs);
    EXPECT_EQ(outs, (std::vector<std::vector<double>>{{1.0}, {2.0}, {1.0}}));
    EXPECT_EQ(rt.state(), (std::vector<double>{2.0, 1.0}));
    EXPECT_EQ(rt.steps(), 3);
}

} // namespace
} // namespace bpl::circuit
