#pragma once
// Where shaders and assets are found, independent of the current directory:
// 1. CS_SHADER_DIR / CS_ASSET_DIR from the environment,
// 2. the source tree this binary was built from (so edited shaders hot-reload),
// 3. `shaders/` and `assets/` beside the executable (an installed copy).
#include <string>

namespace cs {

std::string shaderDir();
std::string assetDir();
std::string assetPath(const std::string& name);  // e.g. assetPath("test_card.png")

}  // namespace cs
