// The command line in UTF-8 on Windows (app/sample.h, CS_SAMPLE_MAIN).
#include <windows.h>
// After windows.h: shellapi.h (CommandLineToArgvW) needs it. fcntl.h and io.h: _setmode.
#include <fcntl.h>
#include <io.h>
#include <shellapi.h>

#include <cstdio>
#include <string>
#include <vector>

#include "app/sample.h"

namespace cs {

int runWithUtf8Arguments(Sample& sample) {
    SetConsoleOutputCP(CP_UTF8);
    // The same bytes as on Linux: text mode would end each line in "\r\n", which a script
    // reading a path from stderr takes into the name, and would mangle a binary --bench-json
    // or image sent to stdout. The console shows "\n" as a new line all the same.
    _setmode(_fileno(stdout), _O_BINARY);
    _setmode(_fileno(stderr), _O_BINARY);
    int count = 0;
    wchar_t** wide = CommandLineToArgvW(GetCommandLineW(), &count);
    std::vector<std::string> arguments;
    for (int i = 0; wide && i < count; ++i) {
        const int size = WideCharToMultiByte(CP_UTF8, 0, wide[i], -1, nullptr, 0, nullptr, nullptr);
        std::string argument(size > 0 ? size - 1 : 0, '\0');
        if (size > 1)
            WideCharToMultiByte(CP_UTF8, 0, wide[i], -1, &argument[0], size, nullptr, nullptr);
        arguments.push_back(argument);
    }
    LocalFree(wide);
    std::vector<char*> argv;
    for (std::string& argument : arguments) argv.push_back(&argument[0]);
    argv.push_back(nullptr);
    return sample.run(int(arguments.size()), argv.data());
}

}  // namespace cs
