#include "app/params.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <stdexcept>
#include <system_error>

#include "app/param_kinds.h"
#include "util/error.h"
#include "util/parse.h"

namespace cs {
namespace {

// Shortest text that reads back as the same number ("0.1", not "0.100000001").
template <typename T>
std::string format(T v) {
    char buf[32];
    const auto result = std::to_chars(buf, buf + sizeof buf, v);
    return std::string(buf, result.ptr);
}
std::string format(const std::string& v) {
    return v;
}

template <typename T>
std::string join(const std::vector<T>& items, const std::string& separator) {
    std::string out;
    for (size_t i = 0; i < items.size(); ++i) out += (i > 0 ? separator : "") + format(items[i]);
    return out;
}

// Parameter names are a lowercase letter, then a-z, 0-9 and _; option names use - for _.
bool validName(const std::string& name, char joiner) {
    if (name.empty() || !(name[0] >= 'a' && name[0] <= 'z')) return false;
    return std::all_of(name.begin(), name.end(), [&](char c) {
        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == joiner;
    });
}

}  // namespace

// ---- The kinds --------------------------------------------------------------------------------

template <typename T>
bool Number<T>::assign(const std::string& text, const std::string& what,
                       const std::string& equals) {
    T v{};
    const std::errc ec = parseNumber(text, v);
    // from_chars accepts "inf" and "nan"; neither is a useful value.
    if (ec == std::errc::invalid_argument || (ec == std::errc() && !std::isfinite(double(v))))
        throw UsageError(what + " expects " +
                         (std::is_integral_v<T> ? "an integer" : "a finite number") + " in " +
                         allowedText() + ", got " + quoted(text));
    // A float that cannot hold the value at all says so, rather than blaming the range: 1e-400
    // is in [0, 50] but reads as no float. (An integer that overflows is out of range, simply.)
    // A denormal such as 1e-45 is a float and is kept.
    if constexpr (std::is_floating_point_v<T>) {
        if (ec == std::errc::result_out_of_range)
            throw UsageError(what + equals + printable(text) +
                             (belowOne(text) ? " underflows: the least float above 0 is " +
                                                   format(std::numeric_limits<T>::denorm_min())
                                             : " overflows: the largest float is " +
                                                   format(std::numeric_limits<T>::max())));
    }
    if (ec == std::errc::result_out_of_range || v < range.min || v > range.max)
        throw UsageError(what + equals + printable(text) + " is out of range " + allowedText());
    const bool differs = v != *value;
    *value = v;
    return differs;
}
template <typename T>
std::string Number<T>::valueText() const {
    return format(*value);
}
template <typename T>
std::string Number<T>::typeText() const {
    return std::is_integral_v<T> ? "int" : "float";
}
template <typename T>
std::string Number<T>::allowedText() const {
    return "[" + format(range.min) + ", " + format(range.max) + "]";
}
template <typename T>
std::string Number<T>::limitText() const {
    if (!sliderRange) return "";
    const Range<T> shown = shownRange();
    if (shown.min == range.min && shown.max == range.max) return "";
    return "the slider spans [" + format(shown.min) + ", " + format(shown.max) + "] here (" +
           allowedText() + " with --set): " + (sliderWhy ? sliderWhy() : "this GL's limits");
}

bool Switch::assign(const std::string& text, const std::string& what, const std::string&) {
    const bool on = text == "true" || text == "1" || text == "on";
    if (!on && text != "false" && text != "0" && text != "off")
        throw UsageError(what + " expects one of true, false, 1, 0, on, off; got " + quoted(text));
    const bool differs = on != value;
    value = on;
    return differs;
}

template <typename T>
bool Choice<T>::assign(const std::string& text, const std::string& what, const std::string&) {
    const auto it = std::find_if(allowed.begin(), allowed.end(),
                                 [&](const T& choice) { return format(choice) == text; });
    if (it == allowed.end())
        throw UsageError(what + " expects one of " + join(allowed, ", ") + "; got " + quoted(text));
    const bool differs = *it != value;
    value = *it;
    return differs;
}
template <typename T>
std::string Choice<T>::valueText() const {
    return format(value);
}
template <typename T>
std::string Choice<T>::typeText() const {
    return std::is_same_v<T, int> ? "int" : "string";
}
template <typename T>
std::string Choice<T>::allowedText() const {
    return join(allowed, "|");
}

// ---- Declaration --------------------------------------------------------------------------------

Params::Params(Style style) : style_(style) {}
Params::~Params() = default;

template <typename Kind, typename... Args>
Kind& Params::declare(const std::string& name, const std::string& help, Args&&... args) {
    if (!validName(name, style_ == Style::Flags ? '-' : '_'))
        throw std::logic_error("name '" + name + "' must be a lowercase letter followed by a-z, " +
                               "0-9 or " + (style_ == Style::Flags ? "-" : "_"));
    for (const auto& p : params_)
        if (p->name == name) throw std::logic_error("'" + name + "' is declared twice");
    auto kind = std::make_unique<Kind>();
    kind->name = name;
    kind->help = help;
    (((*kind).*(args.first) = std::move(args.second)), ...);
    kind->defaultText = kind->valueText();
    Kind& declared = *kind;
    params_.push_back(std::move(kind));
    return declared;
}

namespace {
template <typename T>
void requireInRange(const std::string& name, T def, Range<T> range) {
    // Written so that NaN in any of the three fails too.
    if (!(range.min <= def && def <= range.max && std::isfinite(double(range.min)) &&
          std::isfinite(double(range.max))))
        throw std::logic_error("'" + name + "': default " + format(def) + " is outside [" +
                               format(range.min) + ", " + format(range.max) + "]");
}
template <typename T>
void requireAllowed(const std::string& name, const T& def, const std::vector<T>& allowed) {
    if (std::find(allowed.begin(), allowed.end(), def) == allowed.end())
        throw std::logic_error("'" + name + "': default " + format(def) +
                               " is not one of its choices");
}
}  // namespace

template <typename T>
Declared<T> Params::addNumber(const std::string& name, T* storage, T def, Range<T> range,
                              const std::string& help) {
    requireInRange(name, def, range);
    if (storage) *storage = def;
    Number<T>& declared = declare<Number<T>>(name, help, std::pair(&Number<T>::own, def),
                                             std::pair(&Number<T>::range, range));
    if (storage) declared.value = storage;
    return {*this, *declared.value};
}

Declared<int> Params::add(const std::string& name, int def, Range<int> range,
                          const std::string& help) {
    return addNumber<int>(name, nullptr, def, range, help);
}

Declared<float> Params::add(const std::string& name, float def, Range<float> range,
                            const std::string& help) {
    return addNumber<float>(name, nullptr, def, range, help);
}

Declared<int> Params::add(const std::string& name, int& storage, int def, Range<int> range,
                          const std::string& help) {
    return addNumber<int>(name, &storage, def, range, help);
}

Declared<float> Params::add(const std::string& name, float& storage, float def, Range<float> range,
                            const std::string& help) {
    return addNumber<float>(name, &storage, def, range, help);
}

Declared<bool> Params::add(const std::string& name, bool def, const std::string& help) {
    return {*this, declare<Switch>(name, help, std::pair(&Switch::value, def)).value};
}

Declared<int> Params::choice(const std::string& name, int def, std::vector<int> allowed,
                             const std::string& help) {
    requireAllowed(name, def, allowed);
    return {*this, declare<Choice<int>>(name, help, std::pair(&Choice<int>::value, def),
                                        std::pair(&Choice<int>::allowed, std::move(allowed)))
                       .value};
}

Declared<std::string> Params::choice(const std::string& name, std::string def,
                                     std::vector<std::string> allowed, const std::string& help) {
    requireAllowed(name, def, allowed);
    return {*this, declare<Choice<std::string>>(
                       name, help, std::pair(&Choice<std::string>::value, std::move(def)),
                       std::pair(&Choice<std::string>::allowed, std::move(allowed)))
                       .value};
}

// Text starts empty; --help shows its form where the default would be.
Declared<std::string> Params::text(const std::string& name, const std::string& form,
                                   const std::string& help) {
    Text& declared = declare<Text>(name, help);
    declared.defaultText = form;
    declared.isText = true;
    return {*this, declared.value};
}

Declared<std::string> Params::output(const std::string& name, const std::string& form,
                                     const std::string& help) {
    std::string& value = text(name, form, help);
    at(&value).isOutput = true;
    return {*this, value};
}

void Params::setActiveWhen(const void* value, std::function<bool()> isActive, std::string why) {
    Param& p = at(value);
    p.isActive = std::move(isActive);
    p.inactiveWhy = std::move(why);
}

// ---- Lookup and setting ---------------------------------------------------------------------

// Checked like a --set, so that a sample's slip shows at its first run, not at the click.
void Params::setInteractive(const void* value, std::string text) {
    Param& p = at(value);
    const std::string current = p.valueText();
    p.assign(text, "interactive value of '" + p.name + "'", " = ");
    // Kept as the parameter writes it ("2", not "2.000000"), so that it compares with
    // valueText() and reads back as a --set.
    p.interactiveText = p.valueText();
    p.assign(current, p.name, " = ");
}

template <typename T>
void Params::setSliderRange(const void* value, std::function<Range<T>()> range,
                            std::function<std::string()> why) {
    auto* number = dynamic_cast<Number<T>*>(&at(value));
    if (!number) throw std::logic_error("sliderRange: '" + at(value).name + "' is no number");
    number->sliderRange = std::move(range);
    number->sliderWhy = std::move(why);
}
template void Params::setSliderRange<int>(const void*, std::function<Range<int>()>,
                                          std::function<std::string()>);
template void Params::setSliderRange<float>(const void*, std::function<Range<float>()>,
                                            std::function<std::string()>);

std::string Params::takeLimitNote() {
    return std::exchange(limitNote_, std::string());
}

std::vector<std::string> Params::interactiveSettings() const {
    std::vector<std::string> out;
    for (const auto& p : params_)
        if (!p->interactiveText.empty() && p->active() && p->valueText() != p->interactiveText)
            out.push_back(p->name + "=" + p->interactiveText);
    return out;
}

const Params::Param& Params::find(const std::string& name) const {
    for (const auto& p : params_)
        if (p->name == name) return *p;
    if (params_.empty())
        throw UsageError("unknown parameter " + quoted(name) + "; this sample has no parameters");
    throw UsageError("unknown parameter " + quoted(name) + "; valid: " + join(names(), ", "));
}

Params::Param& Params::find(const std::string& name) {
    return const_cast<Param&>(static_cast<const Params*>(this)->find(name));
}

Params::Param& Params::at(const void* value) const {
    for (const auto& p : params_)
        if (p->storage() == value) return *p;
    throw std::logic_error("Params: pointer is not the storage of a declared parameter");
}

void Params::assign(Param& p, const std::string& text) {
    const bool flag = style_ == Style::Flags;
    const std::string what = flag ? "--" + p.name : "parameter '" + p.name + "'";
    const std::string before = p.valueText();
    if (p.assign(text, what, flag ? " " : " = ")) {
        p.changed = true;
        edits_.emplace_back(&p, before);
    }
    p.given = true;
}

bool Params::active(const void* value) const {
    return at(value).active();
}

void Params::refuseInactive() const {
    for (const auto& p : params_) {
        if (!p->given || p->active()) continue;
        const std::string what = style_ == Style::Flags ? "--" + p->name : "--set " + p->name;
        throw UsageError(what + " has no effect " + p->inactiveWhy);
    }
}

void Params::set(const std::string& name, const std::string& text) {
    assign(find(name), text);
}

void Params::setAll(const std::vector<std::string>& assignments) {
    for (const std::string& a : assignments) {
        const size_t eq = a.find('=');
        if (eq == std::string::npos || eq == 0)
            throw UsageError("--set expects name=value, got " + quoted(a));
        set(a.substr(0, eq), a.substr(eq + 1));
    }
}

std::vector<Params::Stored> Params::storedIn(const void* begin, std::size_t size) const {
    const auto* first = static_cast<const unsigned char*>(begin);
    std::vector<Stored> found;
    for (const auto& p : params_) {
        const bool isFloat = dynamic_cast<const Number<float>*>(p.get()) != nullptr;
        if (!isFloat && !dynamic_cast<const Number<int>*>(p.get())) continue;
        // Compared as integers: relational operators on pointers into different objects are
        // unspecified.
        const auto at = reinterpret_cast<std::uintptr_t>(p->storage());
        const auto from = reinterpret_cast<std::uintptr_t>(first);
        if (at >= from && at < from + size) found.push_back({p->name, at - from, isFloat});
    }
    return found;
}

std::vector<std::string> Params::names() const {
    std::vector<std::string> out;
    for (const auto& p : params_) out.push_back(p->name);
    return out;
}

std::string Params::valueText(const std::string& name) const {
    return find(name).valueText();
}

std::vector<std::pair<std::string, std::string>> Params::outputs() const {
    std::vector<std::pair<std::string, std::string>> out;
    for (const auto& p : params_)
        if (p->isOutput) out.emplace_back("--" + p->name, p->valueText());
    return out;
}

// ---- Changes --------------------------------------------------------------------------------

bool Params::changed(std::initializer_list<const void*> values) {
    bool any = false;
    for (const void* value : values) {
        Param& p = at(value);
        any = any || p.changed;
        p.changed = false;
    }
    return any;
}

bool Params::given(const void* value) const {
    return at(value).given;
}

void Params::clearChanged() {
    for (auto& p : params_) p->changed = false;
}

bool Params::undoEdits() {
    const bool any = !edits_.empty();
    for (auto it = edits_.rbegin(); it != edits_.rend(); ++it)
        it->first->changed |= it->first->assign(it->second, it->first->name, " = ");
    edits_.clear();
    return any;
}

void Params::keepEdits() {
    edits_.clear();
}

void Params::reset(const void* value) {
    Param& p = at(value);
    if (p.isText) return;
    const std::string before = p.valueText();
    if (p.assign(p.defaultText, p.name, " = ")) {
        p.changed = true;
        edits_.emplace_back(&p, before);
        noteEdit(p, before);
    }
}

// An edit made away from the parameter's widget (Ctrl+R, the defaults button, the wheel):
// nothing holds it, so it is finished at once, and the window asks about it before update()
// runs it. (A widget's own edit is finished in drawUi, when the widget is let go.)
void Params::noteEdit(Param& p, const std::string& before) {
    const std::string start = p.unfinished ? p.editStart : before;
    p.unfinished = false;
    if (p.valueText() != start) finished_.push_back({p.name, start, p.valueText()});
}

std::vector<Params::Edit> Params::takeFinishedEdits() {
    return std::exchange(finished_, {});
}

double Params::costRatio(const std::string& name, const std::string& before) const {
    char* end = nullptr;
    const double was = std::strtod(before.c_str(), &end);  // a number's text, as valueText wrote it
    return end != before.c_str() ? costRatio(name, was, find(name).number()) : 0.0;
}

double Params::costRatio(const std::string& name, double from, double to) const {
    const Param& p = find(name);
    if (!p.cost) return 0.0;
    const double then = p.cost(from);
    return then > 0.0 ? p.cost(to) / then : 0.0;
}

bool Params::backToDefault(const Edit& edit) const {
    return find(edit.name).defaultText == edit.after;
}

void Params::holdBack(const Edit& edit) {
    Param& p = find(edit.name);
    p.assign(edit.before, p.name, " = ");
    p.changed = false;
    edits_.erase(
        std::remove_if(edits_.begin(), edits_.end(), [&](const auto& e) { return e.first == &p; }),
        edits_.end());
}

void Params::setCost(const void* value, std::function<double(double)> cost) {
    at(value).cost = std::move(cost);
}

void Params::resetAll() {
    for (const auto& p : params_) reset(p->storage());
}

void Params::scaleBy(const float* value, float factor) {
    auto& p = dynamic_cast<Number<float>&>(at(value));
    const float scaled = std::clamp(*p.value * factor, p.range.min, p.range.max);
    if (scaled == *p.value) return;
    const std::string before = p.valueText();
    edits_.emplace_back(&p, before);
    *p.value = scaled;
    p.changed = true;
    noteEdit(p, before);
}

std::string Params::commandLine() const {
    return commandLine(Edit{});
}

std::string Params::commandLine(const Edit& edit) const {
    std::string out;
    for (const auto& p : params_) {
        const std::string value = p->name == edit.name ? edit.after : p->valueText();
        if (!p->isText && value != p->defaultText) out += " --set " + p->name + "=" + value;
    }
    return out;
}

// ---- Text -----------------------------------------------------------------------------------

std::string Params::helpText() const {
    // Columns: how it is given with its default, type, range or choices, help; each padded to
    // its widest entry, e.g. "  boids=16384  int  [256, 1048576]  number of boids".
    std::vector<std::vector<std::string>> rows;
    for (const auto& p : params_) {
        const std::string prefix = style_ == Style::Flags ? "--" : "";
        const std::string condition = p->isActive ? " (no effect " + p->inactiveWhy + ")" : "";
        rows.push_back({prefix + p->name + "=" + p->defaultText, p->typeText(), p->allowedText(),
                        p->help + condition});
    }
    std::vector<size_t> width(3, 0);
    for (const auto& row : rows)
        for (size_t c = 0; c < width.size(); ++c) width[c] = std::max(width[c], row[c].size());
    std::string out;
    for (const auto& row : rows) {
        out += "  ";
        for (size_t c = 0; c < width.size(); ++c)
            out += row[c] + std::string(width[c] - row[c].size() + 2, ' ');
        out += row[3] + "\n";
    }
    return out;
}

}  // namespace cs
