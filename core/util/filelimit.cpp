// SPDX-License-Identifier: Apache-2.0
#include "util/filelimit.h"

#include <sys/resource.h>

namespace lorascope {

void raiseFileLimit()
{
    rlimit rl {};
    if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur < rl.rlim_max) {
        rl.rlim_cur = rl.rlim_max;
        setrlimit(RLIMIT_NOFILE, &rl);
    }
}

std::uint64_t fileLimit()
{
    rlimit rl {};
    return getrlimit(RLIMIT_NOFILE, &rl) == 0 ? std::uint64_t(rl.rlim_cur) : 0;
}

std::uint64_t fileLimitHard()
{
    rlimit rl {};
    return getrlimit(RLIMIT_NOFILE, &rl) == 0 ? std::uint64_t(rl.rlim_max) : 0;
}

} // namespace lorascope
