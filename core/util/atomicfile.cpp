#include "util/atomicfile.h"

#include "util/error.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <random>
#include <vector>

#include <fcntl.h>
#include <unistd.h>

namespace lorascope {

void writeFileAtomically(const std::string& path, const std::function<void(std::ostream&)>& write)
{
    // A unique name in the same directory, so rename() stays on one file system and is atomic.
    std::random_device rd;
    const std::string tmp = path + ".tmp-" + std::to_string(::getpid()) + '-' + std::to_string(rd());
    struct Cleanup {
        const std::string& name;
        bool armed = true;
        ~Cleanup()
        {
            if (armed)
                std::remove(name.c_str());
        }
    } cleanup { tmp };

    {
        std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
        if (!out)
            throw InputError(std::string("cannot create output file: ") + std::strerror(errno), path);
        std::vector<char> buffer(1 << 20);
        out.rdbuf()->pubsetbuf(buffer.data(), static_cast<std::streamsize>(buffer.size()));
        write(out);
        out.flush();
        if (!out)
            throw InputError("write failed (disk full?)", path);
    }
    // Make the data durable before the rename makes it visible.
    const int fd = ::open(tmp.c_str(), O_RDONLY);
    if (fd >= 0) {
        ::fsync(fd);
        ::close(fd);
    }
    if (std::rename(tmp.c_str(), path.c_str()) != 0)
        throw InputError(std::string("cannot rename temporary file into place: ") + std::strerror(errno), path);
    cleanup.armed = false;
}

} // namespace lorascope
