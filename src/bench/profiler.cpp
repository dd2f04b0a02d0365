#include "bench/profiler.h"

#include <algorithm>
#include <chrono>
#include <stdexcept>

namespace cs {

namespace {
double nowSeconds() {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}
}  // namespace

std::string GpuProfiler::methodName() const {
    return method_ == Method::TimerQueries ? "GL_TIME_ELAPSED queries"
                                           : "glFinish + CPU clock (timer queries miss compute)";
}

GpuProfiler::Scope GpuProfiler::pass(const char* name, bool listed) {
    return Scope(*this, name, listed);
}

GpuProfiler::Scope::Scope(GpuProfiler& profiler, const char* name, bool listed)
    : group_(name), profiler_(&profiler), name_(name), method_(profiler.method_) {
    if (profiler.active_) throw std::logic_error("GPU passes cannot nest: " + name_);
    profiler.active_ = true;
    if (listed) {
        if (std::find(profiler.order_.begin(), profiler.order_.end(), name_) ==
            profiler.order_.end())
            profiler.order_.push_back(name_);
        if (std::find(profiler.thisFrame_.begin(), profiler.thisFrame_.end(), name_) ==
            profiler.thisFrame_.end())
            profiler.thisFrame_.push_back(name_);
        ++profiler.thisRuns_[name_];
    }
    if (method_ == Method::FinishAndClock) {
        glFinish();  // start the clock with the GPU idle
        startSeconds_ = nowSeconds();
        return;
    }
    Pending entry{name_, profiler.takeQuery()};
    glBeginQuery(GL_TIME_ELAPSED, entry.query.id());
    profiler.pending_.push_back(std::move(entry));
}

GpuProfiler::Scope::~Scope() {
    profiler_->active_ = false;
    if (method_ == Method::FinishAndClock) {
        glFinish();
        const double ms = (nowSeconds() - startSeconds_) * 1e3;
        profiler_->record(name_, ms);
        return;
    }
    glEndQuery(GL_TIME_ELAPSED);
}

GlObject<QueryTraits> GpuProfiler::takeQuery() {
    if (!spare_.empty()) {
        GlObject<QueryTraits> query = std::move(spare_.back());
        spare_.pop_back();
        return query;
    }
    GLuint id = 0;
    glGenQueries(1, &id);
    return GlObject<QueryTraits>(id);
}

void GpuProfiler::collect(bool wait) {
    // Queries finish in submission order, so stop at the first one that is not ready.
    while (!pending_.empty()) {
        Pending& front = pending_.front();
        GLint ready = GL_FALSE;
        if (!wait) glGetQueryObjectiv(front.query.id(), GL_QUERY_RESULT_AVAILABLE, &ready);
        if (!wait && !ready) break;
        GLuint64 nanoseconds = 0;
        glGetQueryObjectui64v(front.query.id(), GL_QUERY_RESULT, &nanoseconds);
        const double ms = static_cast<double>(nanoseconds) * 1e-6;
        record(front.pass, ms);
        spare_.push_back(std::move(front.query));
        pending_.pop_front();
    }
}

void GpuProfiler::collect() {
    collect(false);
}
void GpuProfiler::collectAll() {
    collect(true);
}

void GpuProfiler::record(const std::string& pass, double ms) {
    latest_[pass] = ms;
    samples_[pass].push_back(ms);
    std::deque<double>& recent = recent_[pass];
    recent.push_back(ms);
    if (recent.size() > kRecent) recent.pop_front();
}

double GpuProfiler::recentMs(const std::string& pass) const {
    auto it = recent_.find(pass);
    if (it == recent_.end()) return 0.0;
    std::vector<double> sorted(it->second.begin(), it->second.end());
    std::nth_element(sorted.begin(), sorted.begin() + sorted.size() / 2, sorted.end());
    return sorted[sorted.size() / 2];
}

double GpuProfiler::latestMs(const std::string& pass) const {
    auto it = latest_.find(pass);
    return it == latest_.end() ? 0.0 : it->second;
}

std::vector<std::string> GpuProfiler::passNames() const {
    return order_;
}

void GpuProfiler::beginFrame() {
    // A frame that ran no pass (a sample that computes only on a change) keeps the list of
    // the last frame that did, so the overlay goes on showing what the last result cost.
    ++lastFrameAge_;
    if (!thisFrame_.empty()) {
        lastFrame_ = std::move(thisFrame_);
        lastRuns_ = std::move(thisRuns_);
        lastFrameAge_ = 1;
    }
    thisFrame_.clear();
    thisRuns_.clear();
}

int GpuProfiler::lastFrameRuns(const std::string& pass) const {
    const auto it = lastRuns_.find(pass);
    return it == lastRuns_.end() ? 0 : it->second;
}

void GpuProfiler::clearSamples() {
    samples_.clear();
}

}  // namespace cs
