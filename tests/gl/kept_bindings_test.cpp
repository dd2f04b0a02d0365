// Every algorithm of src/compute leaves the caller's bindings as it found them
// (gl/kept_bindings.h): marker buffers bound to shader storage points 0-7 (some whole, some
// as ranges), a program in use and an indirect dispatch buffer are all still there after
// each call.
#include "gl/kept_bindings.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "compute/bin_sort.h"
#include "compute/compact.h"
#include "compute/reduce.h"
#include "compute/scan.h"
#include "compute/sort.h"
#include "compute/summed_area_table.h"
#include "gl/objects.h"
#include "gl/program.h"
#include "gl_test.h"

namespace {

struct Binding {
    GLint buffer = 0;
    GLint64 offset = 0, size = 0;
    bool operator==(const Binding& other) const {
        return buffer == other.buffer && offset == other.offset && size == other.size;
    }
};

struct State {
    std::vector<Binding> storage;
    GLint program = 0, indirect = 0, generic = 0;
};

State currentState() {
    State state;
    glGetIntegerv(GL_CURRENT_PROGRAM, &state.program);
    glGetIntegerv(GL_DISPATCH_INDIRECT_BUFFER_BINDING, &state.indirect);
    glGetIntegerv(GL_SHADER_STORAGE_BUFFER_BINDING, &state.generic);
    for (GLuint point = 0; point < cs::KeptBindings::kStoragePoints; ++point) {
        Binding b;
        glGetIntegeri_v(GL_SHADER_STORAGE_BUFFER_BINDING, point, &b.buffer);
        glGetInteger64i_v(GL_SHADER_STORAGE_BUFFER_START, point, &b.offset);
        glGetInteger64i_v(GL_SHADER_STORAGE_BUFFER_SIZE, point, &b.size);
        state.storage.push_back(b);
    }
    return state;
}

class KeptBindingsTest : public cs::test::GlTest {
protected:
    void SetUp() override {
        GlTest::SetUp();
        GLint alignment = 1;
        glGetIntegerv(GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT, &alignment);
        // Even points get a whole marker buffer, odd ones a range one alignment into one.
        for (GLuint point = 0; point < cs::KeptBindings::kStoragePoints; ++point) {
            markers.emplace_back("marker " + std::to_string(point), 4 * alignment,
                                 cs::BufferUse::Computed);
            if (point % 2 == 0)
                glBindBufferBase(GL_SHADER_STORAGE_BUFFER, point, markers.back().id());
            else
                glBindBufferRange(GL_SHADER_STORAGE_BUFFER, point, markers.back().id(), alignment,
                                  2 * alignment);
        }
        indirect = cs::Buffer("marker indirect", 16, cs::BufferUse::Computed);
        glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, indirect.id());
        glBindBuffer(GL_SHADER_STORAGE_BUFFER, markers[3].id());
        program = cs::Program::compute("invert/invert.comp");
        program.use();
        before = currentState();
    }

    void TearDown() override {
        glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, 0);
        glUseProgram(0);
        GlTest::TearDown();
    }

    void expectUnchanged(const std::string& call) {
        const State after = currentState();
        EXPECT_EQ(after.program, before.program) << call << " left another program in use";
        EXPECT_EQ(after.indirect, before.indirect) << call << ": indirect dispatch buffer";
        EXPECT_EQ(after.generic, before.generic) << call << ": GL_SHADER_STORAGE_BUFFER";
        for (std::size_t point = 0; point < before.storage.size(); ++point)
            EXPECT_TRUE(after.storage[point] == before.storage[point])
                << call << " changed shader storage binding " << point << " (buffer "
                << after.storage[point].buffer << " at " << after.storage[point].offset << ", size "
                << after.storage[point].size << "; was buffer " << before.storage[point].buffer
                << ")";
    }

    std::vector<cs::Buffer> markers;
    cs::Buffer indirect;
    cs::Program program;
    State before;
};

std::vector<std::uint32_t> countingUp(std::size_t n) {
    std::vector<std::uint32_t> values(n);
    for (std::size_t i = 0; i < n; ++i) values[i] = std::uint32_t((i * 7919) % 1000);
    return values;
}

TEST_F(KeptBindingsTest, ScanBothAlgorithms) {
    const auto values = countingUp(5000);
    const cs::Buffer input("in", 20000, cs::BufferUse::Input, values.data());
    const cs::Buffer output("out", 20000, cs::BufferUse::Computed);
    for (const auto algorithm :
         {cs::ScanAlgorithm::SinglePass, cs::ScanAlgorithm::ReduceThenScan}) {
        cs::GpuScan scan(cs::ElementType::Uint, algorithm);
        scan.run(input, output, values.size());
        expectUnchanged("GpuScan::run");
    }
}

TEST_F(KeptBindingsTest, Reduce) {
    const auto values = countingUp(5000);
    const cs::Buffer input("in", 20000, cs::BufferUse::Input, values.data());
    const cs::Buffer result("sum", 4, cs::BufferUse::Computed);
    cs::GpuReduce reduce(cs::ElementType::Uint);
    reduce.sum(input, values.size(), result);
    expectUnchanged("GpuReduce::sum");
}

TEST_F(KeptBindingsTest, Sort) {
    const auto values = countingUp(3000);
    const cs::Buffer keys("keys", 12000, cs::BufferUse::Computed, values.data());
    const cs::Buffer payload("values", 12000, cs::BufferUse::Computed, values.data());
    cs::GpuSort sort;
    sort.run(keys, payload, values.size(), 10);
    expectUnchanged("GpuSort::run");
}

TEST_F(KeptBindingsTest, BinSortEachStep) {
    const auto values = countingUp(3000);
    const cs::Buffer keys("keys", 12000, cs::BufferUse::Input, values.data());
    const cs::Buffer order("order", 12000, cs::BufferUse::Computed);
    cs::GpuBinSort sort;
    sort.count(keys, 3000, 1000);
    expectUnchanged("GpuBinSort::count");
    sort.scan();
    expectUnchanged("GpuBinSort::scan");
    sort.scatter(order);
    expectUnchanged("GpuBinSort::scatter");
}

// A caller that binds a library buffer (the bin starts, as flocking's grid does) which the
// library then replaces with a larger one: the deleted name is not bound again (that is
// GL_INVALID_OPERATION, which GlTest's teardown would see); the point is left empty, as the GL
// leaves it when a bound buffer is deleted.
TEST_F(KeptBindingsTest, ABufferTheLibraryReplacedIsNotBoundAgain) {
    const auto values = countingUp(3000);
    const cs::Buffer keys("keys", 12000, cs::BufferUse::Input, values.data());
    cs::GpuBinSort sort;
    sort.count(keys, 3000, 1000);
    const GLuint oldStarts = sort.binStarts().id();
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 6, oldStarts);
    sort.count(keys, 3000, 100000);  // more bins: new, larger starts
    GLint bound = -1;
    glGetIntegeri_v(GL_SHADER_STORAGE_BUFFER_BINDING, 6, &bound);
    EXPECT_TRUE(bound == 0 || GLuint(bound) != oldStarts || glIsBuffer(oldStarts))
        << "the deleted bin starts are bound again";
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 6, markers[6].id());
}

TEST_F(KeptBindingsTest, SummedAreaTable) {
    const std::vector<float> pixels(4 * 37 * 23, 0.5f);
    const cs::Buffer image("pixels", GLsizeiptr(pixels.size() * 4), cs::BufferUse::Input,
                           pixels.data());
    const cs::Buffer table("table", GLsizeiptr(pixels.size() * 4), cs::BufferUse::Computed);
    cs::SummedAreaTable sat;
    sat.build(image, table, 37, 23);
    expectUnchanged("SummedAreaTable::build");
}

TEST_F(KeptBindingsTest, CompactEveryMethod) {
    std::vector<std::uint32_t> flags(5000);
    for (std::size_t i = 0; i < flags.size(); ++i) flags[i] = i % 3 == 0;
    const cs::Buffer input("flags", 20000, cs::BufferUse::Input, flags.data());
    const cs::Buffer indices("indices", 20000, cs::BufferUse::Computed);
    const cs::Buffer result("result", sizeof(cs::CompactResult), cs::BufferUse::Computed);
    for (const auto method :
         {cs::CompactMethod::Scan, cs::CompactMethod::Atomic, cs::CompactMethod::HistoPyramid,
          cs::CompactMethod::HistoPyramidVec4}) {
        cs::GpuCompact compact(method);
        compact.run(input, flags.size(), indices, result);
        expectUnchanged("GpuCompact::run, method " + std::to_string(int(method)));
    }
}

}  // namespace
