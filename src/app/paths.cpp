#include "app/paths.h"

#include <cstdlib>
#include <filesystem>
#if defined(_WIN32)
#include <windows.h>

#include <vector>
#endif

#include "util/error.h"

namespace cs {
namespace fs = std::filesystem;
namespace {

fs::path executableDir() {
#if defined(_WIN32)
    std::vector<wchar_t> name(MAX_PATH);
    for (;;) {
        const DWORD size = GetModuleFileNameW(nullptr, name.data(), DWORD(name.size()));
        if (size == 0) return fs::path();
        if (size < name.size()) return fs::path(name.data(), name.data() + size).parent_path();
        name.resize(name.size() * 2);  // a long path: truncated, so ask again with more room
    }
#else
    std::error_code error;
    const fs::path self = fs::read_symlink("/proc/self/exe", error);
    return error ? fs::path() : self.parent_path();
#endif
}

std::string findDir(const char* environment, const char* sourceDir, const char* besideExe) {
    if (const char* value = std::getenv(environment); value && *value) {
        if (!fs::is_directory(value))
            throw Error(std::string(environment) + "=" + value + " is not a directory");
        return value;
    }
    if (*sourceDir && fs::is_directory(sourceDir)) return sourceDir;
    // UTF-8 (on Windows string() would be the ANSI code page, which a non-ASCII folder breaks).
    const fs::path installed = executableDir() / besideExe;
    if (fs::is_directory(installed)) return installed.u8string();
    throw Error(std::string("cannot find the ") + besideExe + " directory (looked in " + sourceDir +
                " and " + installed.u8string() + "; set " + environment + ")");
}

}  // namespace

std::string shaderDir() {
    return findDir("CS_SHADER_DIR", CS_SHADER_SOURCE_DIR, "shaders");
}
std::string assetDir() {
    return findDir("CS_ASSET_DIR", CS_ASSET_SOURCE_DIR, "assets");
}
std::string assetPath(const std::string& name) {
    return (fs::u8path(assetDir()) / fs::u8path(name)).u8string();
}

}  // namespace cs
