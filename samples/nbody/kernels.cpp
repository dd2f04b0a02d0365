#include "kernels.h"

#include "util/error.h"

namespace nbody {
namespace {

struct StepKernel {
    std::string name;
    std::string file;           // under shaders/nbody/
    cs::ShaderDefines defines;  // besides LOCAL_SIZE
};

// Each tiled_blocked.comp variant changes one thing from tiled.comp, and the last two
// combine the changes, so that --bench shows what each one is worth.
const std::vector<StepKernel>& stepKernels() {
    static const std::vector<StepKernel> kernels = {
        {"tiled", "tiled.comp", {}},
        {"naive", "naive.comp", {}},
        {"tiled_unroll4", "tiled_blocked.comp", {{"UNROLL", "4"}}},
        {"tiled_2bodies", "tiled_blocked.comp", {{"BODIES_PER_INVOCATION", "2"}}},
        {"tiled_4bodies", "tiled_blocked.comp", {{"BODIES_PER_INVOCATION", "4"}}},
        {"tiled_vec4", "tiled_blocked.comp", {{"TILE_VEC4", "1"}}},
        {"tiled_4bodies_unroll4",
         "tiled_blocked.comp",
         {{"BODIES_PER_INVOCATION", "4"}, {"UNROLL", "4"}}},
        {"tiled_vec4_2bodies",
         "tiled_blocked.comp",
         {{"TILE_VEC4", "1"}, {"BODIES_PER_INVOCATION", "2"}}},
    };
    return kernels;
}

}  // namespace

const std::vector<std::string>& stepKernelNames() {
    static const std::vector<std::string> names = [] {
        std::vector<std::string> list;
        for (const StepKernel& kernel : stepKernels()) list.push_back(kernel.name);
        return list;
    }();
    return names;
}

cs::Program stepProgram(const std::string& kernel, int localSize) {
    for (const StepKernel& k : stepKernels()) {
        if (k.name != kernel) continue;
        cs::ShaderDefines defines = k.defines;
        defines.emplace_back("LOCAL_SIZE", std::to_string(localSize));
        return cs::Program::compute("nbody/" + k.file, defines);
    }
    throw cs::Error("nbody: no step kernel named '" + kernel + "'");
}

}  // namespace nbody
