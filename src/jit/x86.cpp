// The x86 emitter of compiled stages (x86.h).
#include "jit/x86.h"

#include "math/lower.h"

#include <asmjit/x86.h>

#include <cstring>
#include <map>
#include <memory>
#include <vector>

namespace bpl::jit {

using program::Code;
using program::Recipe;

namespace {

using namespace asmjit;

// A traced value in registers: a vector (float or integer lanes) or a lane mask.
struct Reg {
    x86::Zmm z;
    x86::KReg k;
};

// Emits traced formulas (math::lower) on vectors of one float width.
class TraceEmitter {
  public:
    TraceEmitter(x86::Compiler& cc, bool f64) : cc_(cc), f64_(f64) {}

    // The constants of `t`, broadcast into registers now (before the loop), at most `room` of
    // them; the others are broadcast where they are used.
    void hoist(const math::Trace& t, int& room) {
        for (const math::TracedOp& op : t.ops) {
            if (op.op == math::MachineOp::Lookup16) { // tables always: every path reads them
                for (int half : {0, 1})
                    if (!tables_.count({op.table, half})) {
                        x86::Zmm z = cc_.newZmm();
                        cc_.vmovups(z, cc_.newConst(ConstPoolScope::kLocal, op.table + 8 * half, 64));
                        tables_.emplace(std::make_pair(op.table, half), z);
                        room--;
                    }
                continue;
            }
            if (room <= 0) continue;
            math::TracedOp c = op; // the constant the operation reads (Neg and Abs: their bit mask)
            if (op.op == math::MachineOp::Neg || op.op == math::MachineOp::Abs) c = {math::MachineOp::IConst, 0, 0, 0, 0, mask_of(op.op)};
            if ((c.op == math::MachineOp::Const || c.op == math::MachineOp::IConst) && !hoisted_.count(key(c))) {
                hoisted_.emplace(key(c), constant(c));
                room--;
            }
        }
    }

    // Emits t on `args` and returns its result.
    Reg emit(const math::Trace& t, const std::vector<Reg>& args) {
        std::vector<Reg> v = args;
        v.reserve(args.size() + t.ops.size());
        for (const math::TracedOp& op : t.ops) v.push_back(one(op, v));
        return v[static_cast<size_t>(t.result)];
    }

    x86::Zmm broadcast_float(double c) {
        x86::Zmm z = cc_.newZmm();
        if (f64_) cc_.vbroadcastsd(z, cc_.newDoubleConst(ConstPoolScope::kLocal, c));
        else cc_.vbroadcastss(z, cc_.newFloatConst(ConstPoolScope::kLocal, static_cast<float>(c)));
        return z;
    }
    x86::Zmm broadcast_int(int64_t c) {
        x86::Zmm z = cc_.newZmm();
        if (f64_) cc_.vpbroadcastq(z, cc_.newInt64Const(ConstPoolScope::kLocal, c));
        else cc_.vpbroadcastd(z, cc_.newInt32Const(ConstPoolScope::kLocal, static_cast<int32_t>(c)));
        return z;
    }

    // dst = src in the lanes set in m (a mask of this width's lanes: one bit per item)
    void masked_move(const x86::KReg& m, const x86::Zmm& dst, const x86::Zmm& src) {
        if (f64_) cc_.k(m).vmovapd(dst, src);
        else cc_.k(m).vmovaps(dst, src);
    }

  private:
    // Neg's sign bit and Abs's other bits, in a lane of this width.
    int64_t mask_of(math::MachineOp op) const {
        uint64_t sign = f64_ ? uint64_t{1} << 63 : uint64_t{1} << 31;
        uint64_t all = f64_ ? ~uint64_t{0} : 0xffffffffu;
        return static_cast<int64_t>(op == math::MachineOp::Neg ? sign : all & ~sign);
    }
    // An integer constant in every lane: the register hoist made, else broadcast here.
    x86::Zmm int_constant(int64_t c) {
        auto it = hoisted_.find({static_cast<int>(math::MachineOp::IConst), static_cast<uint64_t>(c)});
        return it != hoisted_.end() ? it->second : broadcast_int(c);
    }

    static std::pair<int, uint64_t> key(const math::TracedOp& op) {
        uint64_t bits;
        if (op.op == math::MachineOp::Const) std::memcpy(&bits, &op.k, sizeof bits);
        else bits = static_cast<uint64_t>(op.i);
        return {static_cast<int>(op.op), bits};
    }
    x86::Zmm constant(const math::TracedOp& op) {
        return op.op == math::MachineOp::Const ? broadcast_float(op.k) : broadcast_int(op.i);
    }

    Reg one(const math::TracedOp& op, const std::vector<Reg>& v) {
        using math::MachineOp;
        auto at = [&](int j) -> const Reg& { return v[static_cast<size_t>(j)]; };
        Reg r;
        switch (op.op) {
        case MachineOp::Const:
        case MachineOp::IConst: {
            auto it = hoisted_.find(key(op));
            r.z = it != hoisted_.end() ? it->second : constant(op);
            return r;
        }
        case MachineOp::Less:
        case MachineOp::LessEqual:
        case MachineOp::Greater:
        case MachineOp::GreaterEqual:
        case MachineOp::Equal:
        case MachineOp::NotEqual: {
            // C++'s comparisons on floats: ordered and quiet, != true where unordered
            x86::VCmpImm imm = op.op == MachineOp::Less           ? x86::VCmpImm::kLT_OQ
                               : op.op == MachineOp::LessEqual    ? x86::VCmpImm::kLE_OQ
                               : op.op == MachineOp::Greater      ? x86::VCmpImm::kGT_OQ
                               : op.op == MachineOp::GreaterEqual ? x86::VCmpImm::kGE_OQ
                               : op.op == MachineOp::Equal        ? x86::VCmpImm::kEQ_OQ
                                                                  : x86::VCmpImm::kNEQ_UQ;
            r.k = cc_.newKq();
            if (f64_) cc_.vcmppd(r.k, at(op.a).z, at(op.b).z, imm);
            else cc_.vcmpps(r.k, at(op.a).z, at(op.b).z, imm);
            return r;
        }
        case MachineOp::IGreater:
            r.k = cc_.newKq();
            if (f64_) cc_.vpcmpgtq(r.k, at(op.a).z, at(op.b).z);
            else cc_.vpcmpgtd(r.k, at(op.a).z, at(op.b).z);
            return r;
        case MachineOp::MaskOr: r.k = cc_.newKq(); cc_.korw(r.k, at(op.a).k, at(op.b).k); return r;
        case MachineOp::MaskAnd: r.k = cc_.newKq(); cc_.kandw(r.k, at(op.a).k, at(op.b).k); return r;
        case MachineOp::MaskNot: r.k = cc_.newKq(); cc_.knotw(r.k, at(op.a).k); return r;
        default: break;
        }
        r.z = cc_.newZmm();
        const x86::Zmm& a = at(op.a).z;
        const x86::Zmm& b = at(op.b).z;
        switch (op.op) {
        case MachineOp::Add: f64_ ? cc_.vaddpd(r.z, a, b) : cc_.vaddps(r.z, a, b); break;
        case MachineOp::Sub: f64_ ? cc_.vsubpd(r.z, a, b) : cc_.vsubps(r.z, a, b); break;
        case MachineOp::Mul: f64_ ? cc_.vmulpd(r.z, a, b) : cc_.vmulps(r.z, a, b); break;
        case MachineOp::Div: f64_ ? cc_.vdivpd(r.z, a, b) : cc_.vdivps(r.z, a, b); break;
        case MachineOp::Fma: // a×b+c: r = a, then r×b + c
            cc_.vmovaps(r.z, a);
            f64_ ? cc_.vfmadd213pd(r.z, b, at(op.c).z) : cc_.vfmadd213ps(r.z, b, at(op.c).z);
            break;
        case MachineOp::Neg: // flips the sign bit, as C++'s unary minus does
            f64_ ? cc_.vxorpd(r.z, a, int_constant(mask_of(op.op))) : cc_.vxorps(r.z, a, int_constant(mask_of(op.op)));
            break;
        case MachineOp::Sqrt: f64_ ? cc_.vsqrtpd(r.z, a) : cc_.vsqrtps(r.z, a); break;
        case MachineOp::Abs: // clears the sign bit
            f64_ ? cc_.vandpd(r.z, a, int_constant(mask_of(op.op))) : cc_.vandps(r.z, a, int_constant(mask_of(op.op)));
            break;
        case MachineOp::Select: // mask a, set lanes from b, the others from c
            cc_.vmovaps(r.z, at(op.c).z);
            masked_move(at(op.a).k, r.z, b);
            break;
        case MachineOp::IAdd: f64_ ? cc_.vpaddq(r.z, a, b) : cc_.vpaddd(r.z, a, b); break;
        case MachineOp::ISub: f64_ ? cc_.vpsubq(r.z, a, b) : cc_.vpsubd(r.z, a, b); break;
        case MachineOp::IMul: f64_ ? cc_.vpmullq(r.z, a, b) : cc_.vpmulld(r.z, a, b); break;
        case MachineOp::IAnd: cc_.vpandq(r.z, a, b); break;
        case MachineOp::IOr: cc_.vporq(r.z, a, b); break;
        case MachineOp::IShl: f64_ ? cc_.vpsllq(r.z, a, op.i) : cc_.vpslld(r.z, a, op.i); break;
        case MachineOp::IShr: f64_ ? cc_.vpsrlq(r.z, a, op.i) : cc_.vpsrld(r.z, a, op.i); break;
        case MachineOp::ISra: f64_ ? cc_.vpsraq(r.z, a, op.i) : cc_.vpsrad(r.z, a, op.i); break;
        case MachineOp::Lookup16: { // two 8-item halves of the table, indexed by b's low 4 bits
            x86::Zmm lo = table(op.table, 0), hi = table(op.table, 1);
            cc_.vmovaps(r.z, b);
            cc_.vpermi2pd(r.z, lo, hi);
            break;
        }
        default: break;
        }
        return r;
    }

    // a table's half, loaded before the loop (hoist)
    x86::Zmm table(const double* t, int half) { return tables_.at({t, half}); }

    x86::Compiler& cc_;
    bool f64_;
    std::map<std::pair<int, uint64_t>, x86::Zmm> hoisted_;
    std::map<std::pair<const double*, int>, x86::Zmm> tables_;
};

// Registers the common formulas' constants may take before the loop (of 32).
constexpr int HOISTED = 20;

// Emits the recipe. False where a step does not lower.
bool emit(const Recipe& r, x86::Compiler& cc) {
    const bool f64 = r.kind != number::Kind::F32; // 8-byte lanes: float64, Int, I64
    const uint32_t shift = f64 ? 3 : 2;
    const int lanes = f64 ? 8 : 16;
    std::vector<math::Lowered> lowered(r.steps.size());
    for (size_t s = 0; s < r.steps.size(); s++)
        if (r.steps[s].convert) {
            if (!f64 || r.steps[s].arity != 1) return false;
        } else if (!math::lower(r.steps[s].fn, r.steps[s].kind, lowered[s]) ||
                   lowered[s].common.arity != r.steps[s].arity ||
                   math::item_size(r.steps[s].kind) != (f64 ? 8 : 4)) {
            return false;
        }

    FuncNode* fn = cc.addFunc(FuncSignatureT<void, const void* const*, const void* const*, void*, int64_t>());
    fn->frame().setAvx512Enabled();
    fn->frame().setAvxCleanup(); // the engine around is SSE code: vzeroupper before returning
    x86::Gp streams = cc.newIntPtr("streams"), ones = cc.newIntPtr("ones"), out = cc.newIntPtr("out");
    x86::Gp n = cc.newInt64("n"), i = cc.newInt64("i");
    fn->setArg(0, streams);
    fn->setArg(1, ones);
    fn->setArg(2, out);
    fn->setArg(3, n);
    TraceEmitter te(cc, f64);

    std::vector<x86::Gp> stream(static_cast<size_t>(r.streams));
    for (int j = 0; j < r.streams; j++) {
        stream[static_cast<size_t>(j)] = cc.newIntPtr();
        cc.mov(stream[static_cast<size_t>(j)], x86::ptr(streams, j * 8));
    }
    std::vector<x86::Zmm> one(static_cast<size_t>(r.ones));
    for (int j = 0; j < r.ones; j++) {
        x86::Gp p = cc.newIntPtr();
        cc.mov(p, x86::ptr(ones, j * 8));
        one[static_cast<size_t>(j)] = cc.newZmm();
        if (f64) cc.vbroadcastsd(one[static_cast<size_t>(j)], x86::ptr(p));
        else cc.vbroadcastss(one[static_cast<size_t>(j)], x86::ptr(p));
    }
    int room = HOISTED - r.ones;
    for (const math::Lowered& l : lowered) { // the full formulas' tables; their constants at use
        te.hoist(l.common, room);
        te.hoist(l.key, room);
        int none = 0;
        te.hoist(l.full, none);
    }
    std::vector<x86::Zmm> above(r.steps.size()); // each repairing step's key limit
    for (size_t s = 0; s < r.steps.size(); s++)
        if (lowered[s].repairs) above[s] = te.broadcast_int(lowered[s].above);

    auto body = [&](const x86::KReg* mask) {
        std::vector<x86::Zmm> loaded(static_cast<size_t>(r.streams));
        auto load = [&](int j) {
            x86::Zmm& z = loaded[static_cast<size_t>(j)];
            if (z.isValid()) return z;
            z = cc.newZmm();
            x86::Mem m = x86::ptr(stream[static_cast<size_t>(j)], i, shift);
            if (mask) cc.k(*mask).z();
            if (f64) cc.vmovupd(z, m);
            else cc.vmovups(z, m);
            return z;
        };
        std::vector<x86::Zmm> result(r.steps.size());
        for (size_t s = 0; s < r.steps.size(); s++) {
            const Recipe::Op& op = r.steps[s];
            auto operand = [&](const Recipe::Operand& o) -> Reg {
                Reg g;
                switch (o.from) {
                case Recipe::Operand::Step: g.z = result[static_cast<size_t>(o.index)]; break;
                case Recipe::Operand::Stream: g.z = load(o.index); break;
                default: g.z = one[static_cast<size_t>(o.index)]; break;
                }
                return g;
            };
            std::vector<Reg> args{operand(op.a)};
            if (op.arity == 2) args.push_back(operand(op.b));
            const math::Lowered& l = lowered[s];
            if (op.convert) { // 64-bit integers to float64, rounded to nearest as convert does
                result[s] = cc.newZmm();
                cc.vcvtqq2pd(result[s], args[0].z);
                continue;
            }
            x86::Zmm value = te.emit(l.common, args).z;
            if (l.repairs) { // lanes whose key is above the limit take the full formula's value
                x86::KReg flagged = cc.newKq();
                x86::Zmm key = te.emit(l.key, args).z;
                if (f64) cc.vpcmpgtq(flagged, key, above[s]);
                else cc.vpcmpgtd(flagged, key, above[s]);
                if (mask) cc.kandw(flagged, flagged, *mask);
                Label common = cc.newLabel();
                cc.kortestw(flagged, flagged);
                cc.jz(common);
                x86::Zmm full = te.emit(l.full, args).z;
                te.masked_move(flagged, value, full);
                cc.bind(common);
            }
            result[s] = value;
        }
        x86::Mem m = x86::ptr(out, i, shift);
        if (mask) cc.k(*mask);
        if (f64) cc.vmovupd(m, result.back());
        else cc.vmovups(m, result.back());
    };

    Label loop = cc.newLabel(), tail = cc.newLabel(), done = cc.newLabel();
    x86::Gp whole = cc.newInt64("whole");
    cc.xor_(i, i);
    cc.mov(whole, n);
    cc.and_(whole, -static_cast<int64_t>(lanes));
    cc.cmp(i, whole);
    cc.jge(tail);
    cc.bind(loop);
    body(nullptr);
    cc.add(i, lanes);
    cc.cmp(i, whole);
    cc.jl(loop);
    cc.bind(tail); // the last n % lanes items under a lane mask
    cc.cmp(i, n);
    cc.jge(done);
    {
        x86::Gp left = cc.newInt64(), bits = cc.newInt64();
        x86::KReg k = cc.newKq();
        cc.mov(left, n);
        cc.sub(left, i);
        cc.mov(bits, -1);
        cc.bzhi(bits, bits, left);
        cc.kmovq(k, bits);
        body(&k);
    }
    cc.bind(done);
    cc.ret();
    cc.endFunc();
    return cc.finalize() == kErrorOk;
}

JitRuntime& runtime() {
    static JitRuntime* r = new JitRuntime; // never destroyed: code may run during static destruction
    return *r;
}

} // namespace

// Called under KERNELS' lock (kernels.cpp), so one thread at a time adds code to the runtime.
Code emit_x86(const Recipe& r) noexcept {
    try {
        CodeHolder holder;
        if (holder.init(runtime().environment()) != kErrorOk) return nullptr;
        x86::Compiler cc(&holder);
        if (!emit(r, cc)) return nullptr;
        Code fn = nullptr;
        if (runtime().add(&fn, &holder) != kErrorOk) return nullptr;
        return fn;
    } catch (...) {
        return nullptr;
    }
}

} // namespace bpl::jit
