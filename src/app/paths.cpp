#include "app/paths.h"

#include <cstdlib>
#include <filesystem>

#include "util/error.h"

namespace cs {
namespace fs = std::filesystem;
namespace {

fs::path executableDir() {
    std::error_code error;
    const fs::path self = fs::read_symlink("/proc/self/exe", error);
    return error ? fs::path() : self.parent_path();
}

std::string findDir(const char* environment, const char* sourceDir, const char* besideExe) {
    if (const char* value = std::getenv(environment); value && *value) {
        if (!fs::is_directory(value))
            throw Error(std::string(environment) + "=" + value + " is not a directory");
        return value;
    }
    if (fs::is_directory(sourceDir)) return sourceDir;
    const fs::path installed = executableDir() / besideExe;
    if (fs::is_directory(installed)) return installed.string();
    throw Error(std::string("cannot find the ") + besideExe + " directory (looked in " + sourceDir +
                " and " + installed.string() + "; set " + environment + ")");
}

}  // namespace

std::string shaderDir() {
    return findDir("CS_SHADER_DIR", CS_SHADER_SOURCE_DIR, "shaders");
}
std::string assetDir() {
    return findDir("CS_ASSET_DIR", CS_ASSET_SOURCE_DIR, "assets");
}
std::string assetPath(const std::string& name) {
    return (fs::path(assetDir()) / name).string();
}

}  // namespace cs
