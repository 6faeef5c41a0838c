// SPDX-License-Identifier: Apache-2.0
#include "replay/ledger.h"

namespace lorascope {

void RunLedger::reset(std::size_t n)
{
    m_done.assign(n, false);
    m_finished = 0;
    m_status = {};
    m_status.total = n;
}

bool RunLedger::finish(std::size_t slot, Outcome outcome)
{
    if (m_done[slot])
        return false;
    m_done[slot] = true;
    ++m_finished;
    switch (outcome) {
    case Outcome::Completed:
        ++m_status.completed;
        break;
    case Outcome::Failed:
        ++m_status.failed;
        break;
    case Outcome::Cancelled:
        ++m_status.cancelled;
        break;
    }
    return true;
}

void RunLedger::report(const ReplayRecord& r)
{
    if (!m_obs->onRecord)
        return;
    std::lock_guard lock(m_obsMutex); // never two callbacks at once, whichever thread
    m_obs->onRecord(r);
}

void RunLedger::note(const std::string& text)
{
    if (!m_obs->onNote)
        return;
    std::lock_guard lock(m_obsMutex);
    m_obs->onNote(text);
}

void RunLedger::publishStatus()
{
    if (!m_obs->onStatus)
        return;
    std::lock_guard lock(m_obsMutex);
    m_obs->onStatus(m_status);
}

bool RunLedger::tryPublishStatus()
{
    if (!m_obs->onStatus)
        return true;
    std::unique_lock lock(m_obsMutex, std::try_to_lock);
    if (!lock.owns_lock())
        return false;
    m_obs->onStatus(m_status);
    return true;
}

} // namespace lorascope
