// SPDX-License-Identifier: Apache-2.0
#pragma once
// Internal to core/replay: the replay engine's threads and shared state. Asio types, no Beast
// (that stays in stream.cpp, which compiles slowly).
//
// Threads: the caller's thread is the dispatcher (dispatcher.cpp). It runs only the schedule
// timer, the status poll and the bookkeeping, so it is idle (and wakes on time) while the network
// threads (stream.cpp) are busy reading thousands of streams. On a pooled keep-alive connection it
// writes the request itself, so "sent" is when the bytes went to the kernel; otherwise the network
// thread connects and writes, and that time counts in TTFT (as in vLLM's client, whose start time
// precedes connect). A record is written by one thread at a time and handed over by post.
#include <utility> // before Asio: Boost 1.74's awaitable.hpp needs std::exchange

#include "replay/connpool.h"
#include "replay/ledger.h"
#include "replay/replay.h"
#include "replay/url.h"

#include <boost/asio/awaitable.hpp>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl/context.hpp>
#include <boost/asio/steady_timer.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <deque>
#include <mutex>
#include <optional>
#include <memory>
#include <queue>
#include <thread>
#include <unordered_map>
#include <vector>

namespace lorascope::replay_detail {

namespace net = boost::asio;
using tcp = net::ip::tcp;
using Clock = std::chrono::steady_clock;

struct Conn; // one in-flight request's connection (stream.cpp)

// A network thread: its own event loop and the connections it reads.
struct Worker {
    net::io_context io { 1 };
    std::unordered_map<std::size_t, std::shared_ptr<Conn>> inflight; ///< touched on this thread only
    std::thread thread;
};

class Engine {
public:
    /// Checks and prepares everything that can be known before a request is sent (see Replayer).
    /// `options` must outlive the engine; `notes` receives what was adjusted.
    Engine(const Trace& trace, const ReplayOptions& options, std::vector<std::string>& notes);
    ~Engine();
    ReplayResult run(const ReplayObserver& observer, const std::atomic<bool>* cancel);

    const TargetUrl& target() const { return m_url; }
    const Scraper* scraper() const { return m_scraper.get(); }
    const std::vector<std::size_t>& indices() const { return m_indices; }
    std::uint64_t promptSeed() const { return m_promptSeed; }

private:
    double now() const { return std::chrono::duration<double>(Clock::now() - m_start).count(); }
    Clock::time_point at(double t) const
    {
        // Saturated far below the clock's range (about 292 years of nanoseconds): checkSchedule
        // bounds every schedule to 366 days, and a turn due after a long answer is still no overflow.
        constexpr double kFar = 1e9;
        return m_start
            + std::chrono::duration_cast<Clock::duration>(
                std::chrono::duration<double>(std::isnan(t) ? 0.0 : std::min(t, kFar)));
    }
    bool cancelRequested() const { return m_cancel && m_cancel->load(std::memory_order_relaxed); }
    void stopWorkers();

    // ---- dispatcher thread (dispatcher.cpp) ----
    net::awaitable<void> schedule();
    std::string requestBytes(std::size_t i) const;
    void prepare(std::size_t i); ///< builds request i's bytes ahead of its time (m_prepared)
    void start(std::size_t i);
    void ended(std::size_t i);
    void drainEnded(); ///< takes in the requests network threads ended (m_ended)
    void updateWakeOnEnd(); ///< whether an end must wake the dispatcher at once (see m_wakeOnEnd)
    void maybeFinish();
    void stopAll();
    void poll();
    void scheduleLaterTurns(std::size_t i); ///< request i ended: its later turns become due a think time after
    void cancelUnsent(std::size_t i, double t); ///< records an unsent request (and its later turns) as cancelled
    void setUpSessions(); ///< later turns, their previous turns' slots, which answers to keep
    void sayOnce(const std::string& note); ///< any thread: onNote now, and in the result's notes

    // ---- network threads (stream.cpp) ----
    /// Starts request i's coroutine on worker `w` (called on w's thread).
    void spawnRequest(Worker& w, std::size_t i, int fd, bool v6, std::string bytes, std::size_t written);
    /// Closes every in-flight connection of `w`, marking it cancelled (called on w's thread).
    static void cancelInflight(Worker& w);
    /// Request i's record is final: stamps its end, reports it and hands it to the dispatcher.
    void finishRequest(Worker& w, std::size_t i, Conn& conn, bool pooled);
    template <class Stream>
    net::awaitable<void> request(
        Worker& w, std::size_t i, std::shared_ptr<Conn> conn, int fd, bool v6, std::string bytes, std::size_t written);
    template <class Stream>
    net::awaitable<void> connect(Stream& stream, Conn& conn, const char*& stage);
    template <class Stream>
    Stream& makeStream(net::io_context& io, Conn& conn);
    void armTimer(const std::shared_ptr<Conn>& conn, double deadline, const char* kind);
    void armDeadline(const std::shared_ptr<Conn>& conn, const ReplayRecord& r, bool haveToken);
    static std::string tlsVerifyDetail(Conn& conn);
    void fdExhausted(ReplayRecord& r, bool systemWide);
    void serverDate(const std::string& date, double sent, double received);
    static void fail(ReplayRecord& r, const std::string& kind, const std::string& text);

    const Trace& m_trace;
    const ReplayOptions& m_opt;
    const std::atomic<bool>* m_cancel = nullptr;
    ReplayObserver m_noObserver;
    RunLedger m_ledger { m_noObserver };
    std::vector<std::size_t> m_indices; ///< trace indices sent by this process
    std::vector<std::size_t> m_order; ///< slots in send order (by scheduled time)
    net::io_context m_io { 1 }; ///< the dispatcher's loop (the caller's thread)
    net::ssl::context m_ssl;
    net::steady_timer m_scheduleTimer;
    net::steady_timer m_pollTimer;
    TargetUrl m_url;
    std::string m_hostHeader;
    bool m_hostIsAddress = false;
    tcp::resolver::results_type m_endpoints;
    Clock::time_point m_start;
    double m_requestTimeout = 0; ///< seconds, 0 = none (saturated: see checkedTimeout)
    double m_firstTokenTimeout = 0;
    ConnPool m_pool;
    std::unique_ptr<Scraper> m_scraper;
    std::vector<std::unique_ptr<Worker>> m_workers;
    std::vector<net::executor_work_guard<net::io_context::executor_type>> m_guards;
    std::size_t m_nextWorker = 0;
    std::atomic<std::uint64_t> m_outputTokens { 0 };
    std::atomic<bool> m_reachable { false };
    std::atomic<std::uint64_t> m_fdExhausted { 0 };
    // Requests ended on network threads, for the dispatcher. Not handed over with net::post: Asio's post locks the
    // dispatcher's scheduler mutex and wakes it while holding that lock, so a dispatcher at real-time priority woke,
    // preempted the network thread inside the lock and then had to wait for it (about 1,200 times a second at 2,000
    // req/s, longer when the network thread lost its core meanwhile). The dispatcher takes them in on its own
    // wake-ups (schedule timer, status poll every 20 ms); an end wakes it at once only when something waits on ends
    // (m_wakeOnEnd: requests queued for a --max-concurrency slot, or the schedule is done or stopping).
    std::mutex m_endedMutex;
    std::vector<std::size_t> m_ended;
    std::vector<std::size_t> m_endedTaken; ///< dispatcher's buffer, swapped with m_ended
    std::atomic<bool> m_wakeOnEnd { false };
    std::mutex m_clockMutex; ///< guards m_result.clock.server and m_result.notes
    std::vector<std::string> m_said; ///< notes already said (under m_clockMutex)
    // Owned by the dispatcher thread:
    ReplayResult m_result; ///< records: each written by one thread at a time, handed over by post
    std::optional<std::pair<std::size_t, std::string>> m_prepared; ///< the next request's bytes, built ahead
    std::deque<std::size_t> m_waiting;
    std::size_t m_active = 0;
    std::size_t m_next = 0;
    // Sessions (docs/replay.md, "Sessions"): a later turn is due a think time after its previous turn
    // ended, so it is not in m_order; it waits until then (m_unscheduled), then in m_due by time.
    std::uint64_t m_promptSeed = 0;
    std::vector<std::size_t> m_slotOf; ///< trace index -> slot (kNoSlot: not sent by this process); with sessions only
    std::vector<std::size_t> m_childStart, m_children; ///< per slot, the slots of its later turns (CSR)
    std::size_t m_unscheduled = 0;
    std::priority_queue<std::pair<double, std::size_t>, std::vector<std::pair<double, std::size_t>>, std::greater<>>
        m_due;
    /// Per slot: keep the answer text (a later turn sends it back); written by the network thread that
    /// reads the request, before it hands the request over, and read by the dispatcher after.
    std::vector<std::uint8_t> m_capture;
    std::vector<std::string> m_answers;
    bool m_scheduleDone = false;
    bool m_stopping = false;
    std::size_t m_connectFailsInRow = 0; ///< requests in a row that could not connect, before any answer
    bool m_answered = false; ///< a request ended other than by failing to connect
    bool m_unreachable = false; ///< stop at the next poll: the target cannot be connected to
    double m_nextStatus = 0;
};

} // namespace lorascope::replay_detail
