// summed_area's --output: the input's table, built on the GPU by the sample's own buildTable().
#include "output.h"

#include "reference.h"

namespace summed_area {

std::vector<glm::vec4> outputTable(const cs::Image& image, const TableBuild& buildTable) {
    const std::vector<glm::vec4> topFirst = channelValues(cs::flipRows(image));
    const auto bytes = GLsizeiptr(topFirst.size() * sizeof(glm::vec4));
    cs::Buffer filePixels("pixels 0-255, top row first", bytes, cs::BufferUse::Input,
                          topFirst.data());
    cs::Buffer sums("output table", bytes, cs::BufferUse::Computed);
    buildTable(filePixels, sums);
    // The download copies what the shaders wrote.
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    std::vector<glm::vec4> values(topFirst.size());
    sums.download(values.data(), sums.size());
    return values;
}

}  // namespace summed_area
