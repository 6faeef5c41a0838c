// SPDX-License-Identifier: Apache-2.0
#include "random/rng.h"

namespace lorascope {

GammaSampler::GammaSampler(double shape)
    : m_shape(shape)
    , m_boost(shape != 1.0 && shape < 1.0)
{
    const double direct = m_boost ? shape + 1.0 : shape;
    m_exponential = direct == 1.0;
    if (!m_exponential) {
        m_d = direct - 1.0 / 3.0;
        m_c = 1.0 / std::sqrt(9.0 * m_d);
    }
}

} // namespace lorascope
