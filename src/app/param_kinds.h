#pragma once
// The kinds of parameter that Params holds: a number in a range, a switch, a choice among
// values, free text. Each knows how to read itself from text, write itself as text and draw
// its widget (in params_ui.cpp, so that parsing needs no ImGui).
#include <algorithm>
#include <functional>
#include <string>
#include <vector>

#include "app/params.h"

namespace cs {

struct Params::Param {
    std::string name, help, defaultText;
    bool changed = false;  // since the sample last asked
    bool given = false;    // ever set
    bool isOutput = false;
    bool isText = false;                 // free text or a file: no default to go back to
    bool unfinished = false;             // edited in the overlay, and the widget still held
    std::string editStart;               // the value before the unfinished edit began
    bool stoppedShort = false;           // the last drag ended at a narrowed slider end
    std::function<double(double)> cost;  // Declared::costGrowsAs; empty: none
    // The value as a number, for the cost (0 for what is not a number).
    virtual double number() const { return 0.0; }
    // When it acts (Declared::activeWhen); empty: always. `inactiveWhy` finishes "has no
    // effect ...".
    std::function<bool()> isActive;
    std::string inactiveWhy;
    std::string interactiveText;  // Declared::interactiveAt; empty: none

    bool active() const { return !isActive || isActive(); }

    virtual ~Param() = default;
    virtual const void* storage() const = 0;
    // Reads `text` (throwing UsageError for what it cannot take: `what` names the parameter
    // as the user gave it, e.g. "parameter 'count'", and `equals` joins it to a value, " = ")
    // and returns whether the value changed.
    virtual bool assign(const std::string& text, const std::string& what,
                        const std::string& equals) = 0;
    virtual std::string valueText() const = 0;
    virtual std::string typeText() const = 0;
    virtual std::string allowedText() const = 0;  // "[1, 1048576]", "8|16|32", "FILE.pfm"
    // The overlay widget; returns whether the user changed the value.
    virtual bool drawUi() = 0;
    virtual std::string limitText() const { return ""; }
};

template <typename T>
struct Number : Params::Param {
    // The value lives in `own`, or in the caller's storage (a member of a uniform block's
    // struct, Params::add with `storage`): `value` points at whichever holds it.
    T own{};
    T* value = &own;
    Range<T> range;
    // An integer slider's value while it is dragged: applied when the drag ends.
    T dragged{};
    bool dragging = false;
    std::function<Range<T>()> sliderRange;   // Declared::sliderRange; empty: the declared range
    std::function<std::string()> sliderWhy;  // what narrows it; empty: "this GL's limits"
    Range<T> shownRange() const {
        if (!sliderRange) return range;
        const Range<T> r = sliderRange();
        const T lo = std::clamp(r.min, range.min, range.max);
        return {lo, std::clamp(r.max, lo, range.max)};
    }
    // Where the slider stops short of the declared range, and why: "stops at 2048 here (up to
    // 4096 on the command line): ..."; empty where it spans the declared range.
    std::string limitText() const override;
    const void* storage() const override { return value; }
    double number() const override { return double(*value); }
    bool assign(const std::string& text, const std::string& what,
                const std::string& equals) override;
    std::string valueText() const override;
    std::string typeText() const override;
    std::string allowedText() const override;
    bool drawUi() override;
};

struct Switch : Params::Param {
    bool value = false;
    const void* storage() const override { return &value; }
    bool assign(const std::string& text, const std::string& what,
                const std::string& equals) override;
    std::string valueText() const override { return value ? "true" : "false"; }
    std::string typeText() const override { return "bool"; }
    std::string allowedText() const override { return "true|false"; }
    bool drawUi() override;
};

template <typename T>
struct Choice : Params::Param {
    T value;
    std::vector<T> allowed;
    const void* storage() const override { return &value; }
    bool assign(const std::string& text, const std::string& what,
                const std::string& equals) override;
    std::string valueText() const override;
    std::string typeText() const override;
    std::string allowedText() const override;
    bool drawUi() override;
};

struct Text : Params::Param {
    std::string value;
    const void* storage() const override { return &value; }
    bool assign(const std::string& text, const std::string&, const std::string&) override {
        const bool differs = text != value;
        value = text;
        return differs;
    }
    std::string valueText() const override { return value; }
    std::string typeText() const override { return isOutput ? "file" : "text"; }
    std::string allowedText() const override { return ""; }  // its form shows as the default
    bool drawUi() override;
};

// The widgets of the templates, defined in params_ui.cpp.
template <>
bool Number<int>::drawUi();
template <>
bool Number<float>::drawUi();
extern template bool Choice<int>::drawUi();
extern template bool Choice<std::string>::drawUi();

}  // namespace cs
