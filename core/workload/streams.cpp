// SPDX-License-Identifier: Apache-2.0
#include "workload/streams.h"

#include "workload/generator.h"
#include "workload/lengths.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <exception>
#include <thread>

namespace lorascope {

namespace {

constexpr std::size_t kProgressEvery = 1 << 16;

/// Min-heap of (next u, stream index) with a combined pop-and-push ("replace top"). It beat a
/// branch-free tournament tree and a 4-ary heap here: with bursty gaps a new arrival often stays
/// on top, and the sift stops at once. The smaller child is picked without a branch.
class MergeHeap {
public:
    struct Item {
        double u;
        std::uint32_t stream;
        bool operator<(const Item& o) const { return u < o.u || (u == o.u && stream < o.stream); }
    };
    /// The same order without branches, for picking the smaller child (a coin flip to a predictor).
    static bool less(const Item& a, const Item& b) { return (a.u < b.u) | ((a.u == b.u) & (a.stream < b.stream)); }
    void build(std::vector<Item> items)
    {
        m_h = std::move(items);
        for (std::size_t i = m_h.size() / 2; i-- > 0;)
            siftDown(i);
    }
    bool empty() const { return m_h.empty(); }
    const Item& top() const { return m_h.front(); }
    void replaceTop(double u)
    {
        m_h.front().u = u;
        siftDown(0);
    }
    void popTop()
    {
        m_h.front() = m_h.back();
        m_h.pop_back();
        if (!m_h.empty())
            siftDown(0);
    }

private:
    void siftDown(std::size_t i)
    {
        const std::size_t n = m_h.size();
        const Item item = m_h[i];
        for (;;) {
            std::size_t c = 2 * i + 1;
            if (c >= n)
                break;
            if (c + 1 < n)
                c += static_cast<std::size_t>(less(m_h[c + 1], m_h[c]));
            if (!(m_h[c] < item))
                break;
            m_h[i] = m_h[c];
            i = c;
        }
        m_h[i] = item;
    }
    std::vector<Item> m_h;
};

/// Visits the requests of streams [first, last) in order of (u, stream index): visit(u, request
/// without its time). Each stream runs one arrival ahead (RenewalStream::drawAhead).
template <typename Visit>
void mergeRange(std::vector<RenewalStream>& streams, const std::vector<double>& firstU, std::size_t first,
    std::size_t last, double uMax, Visit&& visit)
{
    std::vector<MergeHeap::Item> items;
    items.reserve(last - first);
    for (std::size_t i = first; i < last; ++i) {
        if (firstU[i] <= uMax) {
            streams[i].drawAhead(firstU[i]);
            items.push_back({ firstU[i], static_cast<std::uint32_t>(i) });
        }
    }
    MergeHeap heap;
    heap.build(std::move(items));
    while (!heap.empty()) {
        const auto [u, si] = heap.top();
        RenewalStream& s = streams[si];
        Request r;
        r.adapter = s.adapter;
        r.inputLen = s.aheadInput;
        r.outputLen = s.aheadOutput;
        const double next = s.aheadNext;
        if (next <= uMax) {
            heap.replaceTop(next);
            s.drawAhead(next);
        } else {
            heap.popTop();
        }
        visit(u, r);
    }
}

/// Thrown on a helper thread to stop it (the calling thread failed or was cancelled).
struct Stop { };

/// A request with the key the parts are merged by.
struct Keyed {
    double u;
    std::uint32_t part;
    Request request;
};

} // namespace

Request RenewalStream::request(double u, RateProfile& profile)
{
    Request r;
    r.time = profile.toTime(u);
    r.adapter = adapter;
    r.inputLen = input->sample(rng);
    r.outputLen = output->sample(rng);
    return r;
}

unsigned defaultMergeParts(double requests, std::size_t streams)
{
    // A part costs a thread start and one more copy of its requests (40 bytes each, written once
    // and read once): below ~50k requests (a few milliseconds of work) that does not pay, and
    // above ~2M the extra memory (page faults, zeroing, bandwidth) ate the gain here — 10M
    // requests took 1.4 s on two threads against 1.0 s on one.
    const unsigned hw = std::max(1u, std::thread::hardware_concurrency());
    if (requests < 50000 || requests > 2e6 || streams < 4)
        return 1;
    return static_cast<unsigned>(std::min<std::size_t>({ hw, 8, streams / 2 }));
}

void mergeStreams(std::vector<RenewalStream>& streams, const std::vector<double>& firstU,
    const std::vector<double>& expected, double uMax, const RateProfile& profile, unsigned parts,
    const ProgressSink& progress, std::vector<Request>& out)
{
    parts = std::max(1u, std::min<unsigned>(parts, static_cast<unsigned>(std::max<std::size_t>(1, streams.size()))));
    if (parts == 1) {
        RateProfile clock = profile;
        std::size_t nextReport = out.size() + kProgressEvery;
        mergeRange(streams, firstU, 0, streams.size(), uMax, [&](double u, Request r) {
            r.time = clock.toTime(u);
            out.push_back(r);
            if (out.size() >= nextReport) {
                nextReport += kProgressEvery;
                progress.update(std::min(1.0, u / uMax));
            }
        });
        return;
    }
    // Contiguous ranges of about equal expected work (contiguous: neighbouring streams share cache
    // lines, which must not bounce between threads).
    double total = 0;
    for (double e : expected)
        total += e;
    std::vector<std::size_t> bounds { 0 };
    double acc = 0;
    for (std::size_t i = 0; i < streams.size() && bounds.size() < parts; ++i) {
        acc += expected[i];
        if (acc >= total * static_cast<double>(bounds.size()) / parts)
            bounds.push_back(i + 1);
    }
    while (bounds.size() <= parts)
        bounds.push_back(streams.size());
    bounds.back() = streams.size();

    std::vector<std::vector<Keyed>> keyed(parts);
    std::vector<std::exception_ptr> errors(parts);
    std::atomic<bool> stop { false };
    auto work = [&](unsigned p) {
        RateProfile clock = profile; // its cursor is per thread
        auto& o = keyed[p];
        double share = 0;
        for (std::size_t i = bounds[p]; i < bounds[p + 1]; ++i)
            share += expected[i];
        const double want = total > 0 ? uMax * share / total : 0.0;
        o.reserve(static_cast<std::size_t>(want + 6.0 * std::sqrt(want + 1.0) + 64.0));
        // Each part holds 1/parts of the requests: check as often per request as one merge would.
        const std::size_t every = std::max<std::size_t>(1024, kProgressEvery / parts);
        std::size_t nextCheck = every;
        mergeRange(streams, firstU, bounds[p], bounds[p + 1], uMax, [&](double u, Request r) {
            r.time = clock.toTime(u);
            o.push_back({ u, p, r });
            if (o.size() >= nextCheck) {
                nextCheck += every;
                if (p == 0)
                    progress.update(0.9 * std::min(1.0, u / uMax)); // throws Cancelled
                else if (stop.load(std::memory_order_relaxed)
                    || (progress.cancel && progress.cancel->load(std::memory_order_relaxed)))
                    throw Stop {};
            }
        });
    };
    std::vector<std::thread> helpers;
    auto joinAll = [&] {
        for (auto& t : helpers)
            t.join();
    };
    try {
        for (unsigned p = 1; p < parts; ++p) {
            helpers.emplace_back([&, p] {
                try {
                    work(p);
                } catch (...) {
                    errors[p] = std::current_exception();
                    stop = true;
                }
            });
        }
        work(0);
    } catch (...) {
        stop = true;
        joinAll();
        throw;
    }
    joinAll();
    // A helper's own failure first; a helper that only stopped saw the cancel flag.
    bool stopped = false;
    for (unsigned p = 1; p < parts; ++p) {
        if (!errors[p])
            continue;
        try {
            std::rethrow_exception(errors[p]);
        } catch (const Stop&) {
            stopped = true;
        }
    }
    if (stopped)
        throw Cancelled();
    progress.update(0.9);
    // Merge the parts by (u, part): parts hold increasing stream ranges, so on equal u the lower
    // part has the lower stream index, as in the single merge.
    std::size_t count = 0;
    for (const auto& o : keyed)
        count += o.size();
    out.reserve(out.size() + count);
    std::vector<MergeHeap::Item> heads;
    std::vector<std::size_t> pos(parts, 0);
    for (unsigned p = 0; p < parts; ++p)
        if (!keyed[p].empty())
            heads.push_back({ keyed[p].front().u, p });
    MergeHeap heap;
    heap.build(std::move(heads));
    while (!heap.empty()) {
        const std::uint32_t p = heap.top().stream;
        const auto& o = keyed[p];
        const std::size_t i = ++pos[p];
        out.push_back(o[i - 1].request);
        if (i < o.size())
            heap.replaceTop(o[i].u);
        else
            heap.popTop();
    }
}

} // namespace lorascope
