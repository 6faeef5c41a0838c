// SPDX-License-Identifier: Apache-2.0
#include "replay/priority.h"

#include <sched.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace lorascope {

std::string dispatcherPriorityName(DispatcherPriority p)
{
    switch (p) {
    case DispatcherPriority::ShortSlice:
        return "short_slice";
    case DispatcherPriority::Realtime:
        return "realtime";
    case DispatcherPriority::Normal:
        break;
    }
    return "normal";
}

namespace replay_detail {

namespace {
constexpr std::uint64_t kResetOnFork = 0x01; // SCHED_FLAG_RESET_ON_FORK
// Not in sanitizer builds: their runtimes guard the allocator with spin locks that back off with sched_yield, which
// never lets a normal thread run before a real-time one on the same core. A real-time dispatcher spinning on a lock
// that a preempted network thread holds then stalls until the holder migrates to another core (a 90 ms stall was
// seen once in the ASan build's test run; glibc's and the standard library's locks sleep in the kernel instead).
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
constexpr bool kRealtimeBuild = false;
#else
constexpr bool kRealtimeBuild = true;
#endif
}

// The dispatcher thread's priority while the run lasts (the caller's is restored afterwards).
//
// Real-time first (SCHED_FIFO 1), when the process may (root, CAP_SYS_NICE, RLIMIT_RTPRIO >= 1): the dispatcher sleeps
// almost all the time and runs a few microseconds per request, which is what a real-time thread is for, and a fair
// scheduler cannot give it. Measured with `bench_replay open 2000 20 64 10` (client and serve-sim on this 2-core
// machine, both busy): Linux's EEVDF counts only the time a thread waits while runnable, not while it sleeps, so a
// thread that wakes 4,000 times a second and runs at once keeps a negative lag, is not eligible when its timer fires
// about 1 % of the time, and then waits for the next tick (4 ms at HZ=250) or two: `perf sched timehist` showed
// run-queue delays of 4-8 ms on those wake-ups, send lateness p99 4.7-5.4 ms. At SCHED_FIFO 1: p99 0.94-0.99 ms.
// SCHED_RESET_ON_FORK keeps any thread or process it starts at normal priority; the network threads started before.
//
// Otherwise a short time slice (sched_setattr's sched_runtime for a normal thread, no privilege needed; Linux 6.12+
// honours it, older kernels ignore it): a thread with a shorter slice preempts the running one when it wakes and is
// eligible. Measured under other builds (load 8-9), `bench_replay open 2000 10 64 10`: send lateness p99 28/27/30/31 ms
// without, 19/13/24/18 ms with, run by run alternated.
DispatcherThreadPriority::DispatcherThreadPriority(bool realtime)
{
    if (::syscall(SYS_sched_getattr, 0, &m_old, sizeof m_old, 0) != 0)
        return;
    if (m_old.policy == SCHED_FIFO || m_old.policy == SCHED_RR) { // the caller's own (chrt): kept
        m_priority = DispatcherPriority::Realtime;
        return;
    }
    if (m_old.policy != SCHED_OTHER)
        return; // batch or idle: the caller asked for it
    if (realtime && kRealtimeBuild) {
        Attr a;
        a.policy = SCHED_FIFO;
        a.flags = kResetOnFork;
        a.priority = 1;
        if (::syscall(SYS_sched_setattr, 0, &a, 0) == 0) {
            m_set = true;
            m_priority = DispatcherPriority::Realtime;
            return;
        }
    }
    Attr a = m_old;
    a.size = sizeof a;
    a.runtime = 100'000; // ns: the smallest slice the kernel accepts
    if (::syscall(SYS_sched_setattr, 0, &a, 0) == 0) {
        m_set = true;
        m_priority = DispatcherPriority::ShortSlice;
    }
}

DispatcherThreadPriority::~DispatcherThreadPriority()
{
    if (m_set) {
        m_old.size = sizeof m_old;
        ::syscall(SYS_sched_setattr, 0, &m_old, 0);
    }
}

} // namespace replay_detail
} // namespace lorascope
