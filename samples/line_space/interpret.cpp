#include "interpret.h"

#include <algorithm>
#include <string>
#include <utility>

#include "gl/info.h"
#include "hough.h"
#include "util/error.h"

namespace line_space {
namespace {

// The std430 arrays the shaders see: pyramid.glsl's uvec2 (score, index), gather.comp's
// uvec4 entries.
static_assert(sizeof(glm::uvec2) == 8, "a uvec2 in std430 is 8 bytes");
static_assert(sizeof(Entry) == 16, "a uvec4 in std430 is 16 bytes");

// Grows `buffer` to hold at least `bytes`.
void grow(cs::Buffer& buffer, const char* name, std::uint64_t bytes, cs::BufferUse use) {
    if (std::uint64_t(buffer.size()) < bytes) buffer = cs::Buffer(name, GLsizeiptr(bytes), use);
}

// One invocation per item, numbered by linearItem(): a space of millions of entries needs more
// work groups than a GL may launch along x (65535 on some), so they go on in rows along y.
void dispatch1d(const cs::Program& program, std::uint32_t count) {
    glUniform1ui(program.uniform("count"), count);
    const glm::uvec3 groups = program.itemGroupsFor(count);
    glDispatchCompute(groups.x, groups.y, groups.z);
}

// The max pyramid's bytes: level 0, then halves rounded up, up to a single entry.
std::int64_t pyramidBytes(glm::ivec2 entriesSize, std::vector<int>* offsets = nullptr,
                          std::vector<glm::ivec2>* sizes = nullptr) {
    std::int64_t entries = 0;
    for (glm::ivec2 size = entriesSize;; size = (size + 1) / 2) {
        if (offsets) offsets->push_back(int(entries));
        if (sizes) sizes->push_back(size);
        entries += std::int64_t(size.x) * size.y;
        if (size == glm::ivec2(1)) break;
    }
    return entries * std::int64_t(sizeof(glm::uvec2));
}

}  // namespace

glm::ivec2 requireSpace(int width, int height, bool hough, int thetaSteps) {
    const std::string image =
        "a " + std::to_string(width) + "x" + std::to_string(height) + " image";
    glm::ivec2 size;
    if (hough) {
        HoughTransform::requireFits(width, height);
        size = {houghSize(width, height, thetaSteps).dBins, thetaSteps};
    } else {
        // The entries keep border points as 16-bit numbers (geometry.h).
        if (borderCount(width, height) > 0xFFFF)
            throw cs::Error("the line space numbers at most 65535 border points; " + image +
                            " has " + std::to_string(borderCount(width, height)));
        size = layoutSize(width, height);
    }
    const std::string space =
        std::string(hough ? "the accumulator" : "the line space") + " of " + image;
    cs::requireLimit(GL_MAX_TEXTURE_SIZE, std::max(size.x, size.y), space);
    Interpreter::requireFits(size);
    return size;
}

void Interpreter::requireFits(glm::ivec2 entriesSize) {
    cs::requireLimit(GL_MAX_SHADER_STORAGE_BLOCK_SIZE, pyramidBytes(entriesSize),
                     "the max pyramid of " + std::to_string(entriesSize.x) + "x" +
                         std::to_string(entriesSize.y) + " entries");
}

void Interpreter::resize(glm::ivec2 entriesSize) {
    if (!base_) {
        base_ = cs::Program::compute("line_space/pyramid_base.comp");
        level_ = cs::Program::compute("line_space/pyramid_level.comp");
        round_ = cs::Program::compute("line_space/reduce_round.comp");
        keys_ = cs::Program::compute("line_space/sort_keys.comp");
        threshold_ = cs::Program::compute("line_space/threshold_scatter.comp");
        gather_ = cs::Program::compute("line_space/gather.comp");
    }
    if (entriesSize == size_) return;
    requireFits(entriesSize);  // before anything changes
    std::vector<int> offsets;
    std::vector<glm::ivec2> sizes;
    const std::int64_t bytes = pyramidBytes(entriesSize, &offsets, &sizes);
    size_ = entriesSize;
    offsets_ = std::move(offsets);
    sizes_ = std::move(sizes);
    pyramid_ = cs::Buffer("max pyramid", GLsizeiptr(bytes), cs::BufferUse::Computed);
    const std::uint64_t count = std::uint64_t(entriesSize.x) * entriesSize.y;
    // One uint per entry at the most: threshold's flags, the sorted keys and values.
    places_ = cs::Buffer("threshold places", GLsizeiptr(count * 4), cs::BufferUse::Computed);
    sortKeys_ = cs::Buffer("sort keys", GLsizeiptr(count * 4), cs::BufferUse::Computed);
    sortValues_ = cs::Buffer("sort values", GLsizeiptr(count * 4), cs::BufferUse::Computed);
}

void Interpreter::buildPyramid(const cs::Texture2D& entries) {
    base_.use();
    glUniform2i(base_.uniform("size"), size_.x, size_.y);
    glBindImageTexture(0, entries.id(), 0, GL_FALSE, 0, GL_READ_ONLY, GL_RGBA32UI);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, pyramid_.id());
    const glm::uvec3 groups = base_.groupsFor(size_.x, size_.y);
    glDispatchCompute(groups.x, groups.y, groups.z);
    level_.use();
    for (int l = 1; l < levels(); ++l) {
        // Each level reads the one below from the pyramid.
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
        glUniform2i(level_.uniform("size"), sizes_[l].x, sizes_[l].y);
        glUniform1i(level_.uniform("offset"), offsets_[l]);
        glUniform2i(level_.uniform("belowSize"), sizes_[l - 1].x, sizes_[l - 1].y);
        glUniform1i(level_.uniform("belowOffset"), offsets_[l - 1]);
        const glm::uvec3 levelGroups = level_.groupsFor(sizes_[l].x, sizes_[l].y);
        glDispatchCompute(levelGroups.x, levelGroups.y, levelGroups.z);
    }
}

void Interpreter::threshold(std::uint32_t minimum, int most) {
    const std::uint32_t count = std::uint32_t(size_.x) * size_.y;
    // Two passes of the same shader around the scan, which binds buffers of its own.
    auto pass = [&](bool flags) {
        threshold_.use();
        glUniform1ui(threshold_.uniform("threshold"), minimum);
        glUniform1i(threshold_.uniform("flags"), flags);
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, pyramid_.id());
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, sortKeys_.id());
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 2, sortValues_.id());
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 3, places_.id());
        dispatch1d(threshold_, count);
    };
    pass(true);
    // The scan reads the flags.
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    scan_.run(places_, places_, count, 1, cs::ScanMode::Inclusive);
    // The scatter reads the places, and the count of kept entries, the last place, is read
    // back: the sort needs it on the CPU, as the number of elements to sort.
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT);
    pass(false);
    places_.download(&candidates_, 4, GLintptr(count - 1) * 4);
    // The sort reads the keys and values just scattered.
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    gpuSort_.run(sortKeys_, sortValues_, candidates_, 16);
    // The gather reads the sorted values.
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    chosenIndices_ = &sortValues_;
    chosenCount_ = std::min(candidates_, std::uint32_t(most));
}

void Interpreter::sort(int prereduce, int most) {
    const int level = std::min(prereduce, levels() - 1);
    const std::uint32_t count = std::uint32_t(sizes_[level].x) * sizes_[level].y;
    keys_.use();
    glUniform1i(keys_.uniform("offset"), offsets_[level]);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, pyramid_.id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, sortKeys_.id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 2, sortValues_.id());
    dispatch1d(keys_, count);
    // The sort reads the keys and values.
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    gpuSort_.run(sortKeys_, sortValues_, count, 16);
    // The gather reads the sorted values.
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    candidates_ = count;
    chosenIndices_ = &sortValues_;
    chosenCount_ = std::min(count, std::uint32_t(most));
}

void Interpreter::reduce(int most, int suppress, const Neighbourhood& around) {
    grow(maxima_, "reduce maxima", std::uint64_t(most) * 4, cs::BufferUse::Computed);
    round_.use();
    glUniform1i(round_.uniform("topOffset"), topOffset());
    glUniform2i(round_.uniform("baseSize"), size_.x, size_.y);
    glUniform1i(round_.uniform("suppress"), suppress);
    glUniform1i(round_.uniform("neighbourhood"), int(around.kind));
    glUniform2i(round_.uniform("imageExtent"), around.image.x, around.image.y);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, pyramid_.id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, maxima_.id());
    // One invocation per entry of the neighbourhood, at every level.
    const glm::uvec3 groups = round_.groupsFor(suppress, suppress);
    for (int round = 0; round < most; ++round)
        for (int l = 0; l < levels(); ++l) {
            glUniform1i(round_.uniform("level"), l);
            glUniform1ui(round_.uniform("found"), GLuint(round));
            glUniform1i(round_.uniform("offset"), offsets_[l]);
            glUniform2i(round_.uniform("size"), sizes_[l].x, sizes_[l].y);
            if (l > 0) {
                glUniform1i(round_.uniform("belowOffset"), offsets_[l - 1]);
                glUniform2i(round_.uniform("belowSize"), sizes_[l - 1].x, sizes_[l - 1].y);
            }
            glDispatchCompute(groups.x, groups.y, groups.z);
            // The next level's pass reads this one's entries (and level 0's record of the
            // maximum); the next round starts from the repaired top; the gather reads the
            // maxima.
            glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
        }
    candidates_ = 0;
    chosenIndices_ = &maxima_;
    chosenCount_ = std::uint32_t(most);
}

std::vector<Interpreter::Chosen> Interpreter::chosen(const cs::Texture2D& entries) {
    std::vector<Chosen> result(chosenCount_);
    if (chosenCount_ == 0) return result;
    grow(gathered_, "chosen entries", std::uint64_t(chosenCount_) * sizeof(Entry),
         cs::BufferUse::ReadBack);
    gather_.use();
    glUniform1i(gather_.uniform("entriesWidth"), size_.x);
    glBindImageTexture(0, entries.id(), 0, GL_FALSE, 0, GL_READ_ONLY, GL_RGBA32UI);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, chosenIndices_->id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 2, gathered_.id());
    dispatch1d(gather_, chosenCount_);
    // The downloads read what the gather and the interpretation's shaders wrote.
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    std::vector<Entry> gathered(chosenCount_);
    std::vector<std::uint32_t> indices(chosenCount_);
    gathered_.download(gathered.data(), GLsizeiptr(gathered.size() * sizeof(Entry)));
    chosenIndices_->download(indices.data(), GLsizeiptr(indices.size() * 4));
    for (std::size_t i = 0; i < result.size(); ++i) result[i] = {indices[i], gathered[i]};
    return result;
}

}  // namespace line_space
