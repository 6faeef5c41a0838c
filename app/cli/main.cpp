// SPDX-License-Identifier: Apache-2.0
#include "cli/commands.h"

int main(int argc, char** argv)
{
    return lorascope::cli::runCli(std::vector<std::string>(argv + 1, argv + argc));
}
