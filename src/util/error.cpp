#include "util/error.h"

#include <cstdio>
#include <vector>

namespace cs {

std::string printable(const std::string& text) {
    constexpr size_t kMaxChars = 80;
    // One piece per character as shown, so that shortening never splits an escape or a
    // UTF-8 sequence.
    std::vector<std::string> pieces;
    for (size_t i = 0; i < text.size(); ++i) {
        const unsigned char c = static_cast<unsigned char>(text[i]);
        const unsigned char next =
            i + 1 < text.size() ? static_cast<unsigned char>(text[i + 1]) : 0;
        char escaped[8];
        if (c == '\n' || c == '\t' || c == '\r') {
            pieces.push_back(c == '\n' ? "\\n" : c == '\t' ? "\\t" : "\\r");
        } else if (c < 0x20 || c == 0x7f) {
            std::snprintf(escaped, sizeof escaped, "\\x%02x", c);
            pieces.push_back(escaped);
        } else if (c == 0xc2 && next >= 0x80 && next <= 0x9f) {
            // A C1 control in UTF-8, e.g. U+009B, which some terminals take for "ESC [".
            std::snprintf(escaped, sizeof escaped, "\\u%04x", next);
            pieces.push_back(escaped);
            ++i;
        } else {
            size_t end = i + 1;  // a UTF-8 lead byte keeps its continuation bytes
            while (c >= 0xc0 && end < text.size() && (text[end] & 0xc0) == 0x80) ++end;
            pieces.push_back(text.substr(i, end - i));
            i = end - 1;
        }
    }
    const size_t head = pieces.size() <= kMaxChars ? pieces.size() : (kMaxChars - 3) / 2;
    const size_t tail = pieces.size() <= kMaxChars ? 0 : kMaxChars - 3 - head;
    std::string out;
    for (size_t i = 0; i < head; ++i) out += pieces[i];
    if (tail > 0) out += "...";
    for (size_t i = pieces.size() - tail; i < pieces.size(); ++i) out += pieces[i];
    return out;
}

std::string quoted(const std::string& text) {
    return "'" + printable(text) + "'";
}

}  // namespace cs
