// printable and quoted: what an error message may echo of the user's text.
#include "util/error.h"

#include <gtest/gtest.h>

#include <string>

namespace {

TEST(Printable, PlainTextIsUnchanged) {
    EXPECT_EQ(cs::printable("out/result.png"), "out/result.png");
    EXPECT_EQ(cs::printable(""), "");
    EXPECT_EQ(cs::quoted("abc"), "'abc'");
}

TEST(Printable, ControlCharactersAreEscaped) {
    EXPECT_EQ(cs::printable("a\nb\tc\rd"), "a\\nb\\tc\\rd");
    EXPECT_EQ(cs::printable("\x1b[31mred"), "\\x1b[31mred");
    EXPECT_EQ(cs::printable(std::string("nul\0bell\a del\x7f", 14)), "nul\\x00bell\\x07 del\\x7f");
    EXPECT_EQ(cs::printable("\xc2\x9b"
                            "2J"),
              "\\u009b2J");  // C1 CSI in UTF-8
}

TEST(Printable, Utf8IsKept) {
    EXPECT_EQ(cs::printable("caf\xc3\xa9 \xe2\x82\xac"), "caf\xc3\xa9 \xe2\x82\xac");
}

TEST(Printable, LongTextKeepsBothEnds) {
    const std::string shown = cs::printable(std::string(100000, 'a') + "/name.png");
    EXPECT_EQ(shown.size(), 80u);
    EXPECT_EQ(shown.substr(0, 4), "aaaa");
    EXPECT_NE(shown.find("..."), std::string::npos);
    EXPECT_EQ(shown.substr(shown.size() - 9), "/name.png");
    EXPECT_EQ(cs::printable(std::string(80, 'b')), std::string(80, 'b'));
}

// Shortening counts what is shown and never cuts an escape or a UTF-8 character in two.
TEST(Printable, ShorteningKeepsEscapesAndCharactersWhole) {
    std::string text;
    for (int i = 0; i < 50; ++i) text += "\n\xc3\xa9";
    const std::string shown = cs::printable(text);
    const std::string head = shown.substr(0, shown.find("..."));
    const std::string tail = shown.substr(shown.find("...") + 3);
    std::string pairs;  // the head's (80 - 3) / 2 pieces: 19 times a newline and an é
    for (int i = 0; i < 19; ++i) pairs += "\\n\xc3\xa9";
    EXPECT_EQ(head, pairs);
    EXPECT_EQ(tail.substr(0, 2), "\xc3\xa9");
}

}  // namespace
