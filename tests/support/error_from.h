#pragma once
// The message of the cs::Error that `action` throws; a test failure, and "", when it throws
// none. For checking that an error names what was wrong.
#include <gtest/gtest.h>

#include <string>

#include "util/error.h"

namespace cs::test {

template <typename Action>
std::string errorFrom(Action action) {
    try {
        action();
    } catch (const Error& error) {
        return error.what();
    }
    ADD_FAILURE() << "expected a cs::Error";
    return "";
}

}  // namespace cs::test
