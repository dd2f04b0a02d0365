#include "count.h"

namespace line_space {

void LineSpaceCount::prepare(int width, int height) {
    if (!packBits) {
        packBits = cs::Program::compute("line_space/pack_bits.comp");
        count = cs::Program::compute("line_space/count.comp");
        // 32 rows of up to 64 words: 8 KiB of shared memory, and slabs as wide as 2048 pixels.
        countTiled = cs::Program::compute("line_space/count_tiled.comp",
                                          {{"SLAB_ROWS", "32"}, {"SLAB_WORDS", "64"}});
    }
    const int wordsPerRow = (width + 31) / 32;
    edgeBits =
        cs::Buffer("edge bits", GLsizeiptr(height) * wordsPerRow * 4, cs::BufferUse::Computed);
}

}  // namespace line_space
