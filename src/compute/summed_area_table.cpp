#include "compute/summed_area_table.h"

#include "gl/kept_bindings.h"

namespace cs {

void SummedAreaTable::build(const Buffer& pixels, const Buffer& table, int width, int height) {
    const KeptBindings kept;  // the caller's bindings, back as they were on return
    const auto bytes = GLsizeiptr(width) * height * 16;
    if (columns_.size() != bytes)
        columns_ = Buffer("summed-area table columns", bytes, BufferUse::Computed);
    scan_.run(pixels, columns_, std::uint64_t(width), std::uint32_t(height), ScanMode::Inclusive,
              /*transposeOutput=*/true);
    // The column pass reads what the row pass wrote.
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    scan_.run(columns_, table, std::uint64_t(height), std::uint32_t(width), ScanMode::Inclusive,
              /*transposeOutput=*/true);
}

}  // namespace cs
