// SPDX-License-Identifier: Apache-2.0
#pragma once
// Request id → scheduler slot (internal to the admission policies). Ids are nearly always dense:
// trace indices in simulate(), a counter in the simulated server. Those live in a plain vector, no
// node allocation per request; any other id goes to a hash map. The vector grows only for ids
// below twice the number of ids ever inserted (plus a start size), so its memory stays
// proportional to the requests submitted whatever the ids are.

#include <algorithm>
#include <cstdint>
#include <limits>
#include <unordered_map>
#include <vector>

namespace lorascope {

class SlotIndex {
public:
    static constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();

    std::uint32_t find(std::uint64_t id) const
    {
        if (id < m_dense.size())
            return m_dense[id];
        const auto it = m_sparse.find(id);
        return it == m_sparse.end() ? kNone : it->second;
    }

    void insert(std::uint64_t id, std::uint32_t slot)
    {
        ++m_inserted;
        if (id >= m_dense.size() && id < 2 * (m_inserted + kStart)) {
            // Grow the dense part; ids it now covers move over from the hash map.
            const std::size_t old = m_dense.size();
            m_dense.resize(std::max<std::size_t>(static_cast<std::size_t>(id) + 1, 2 * old), kNone);
            for (auto it = m_sparse.begin(); it != m_sparse.end();) {
                if (it->first < m_dense.size()) {
                    m_dense[it->first] = it->second;
                    it = m_sparse.erase(it);
                } else {
                    ++it;
                }
            }
        }
        if (id < m_dense.size())
            m_dense[id] = slot;
        else
            m_sparse[id] = slot;
    }

    void erase(std::uint64_t id)
    {
        if (id < m_dense.size())
            m_dense[id] = kNone;
        else
            m_sparse.erase(id);
    }

private:
    static constexpr std::size_t kStart = 4096;
    std::vector<std::uint32_t> m_dense;
    std::size_t m_inserted = 0; ///< insert() calls so far
    std::unordered_map<std::uint64_t, std::uint32_t> m_sparse;
};

} // namespace lorascope
