#pragma once
// Declarations of the subcommands listed in extra_commands.inc (see there).
#include <string>
#include <vector>
#if __has_include("cli/cmd_simulate.h")
#include "cli/cmd_simulate.h"
#endif
#if __has_include("cli/cmd_convert.h")
#include "cli/cmd_convert.h"
#endif
#if __has_include("cli/cmd_fit.h")
#include "cli/cmd_fit.h"
#endif
#if __has_include("cli/cmd_replay.h")
#include "cli/cmd_replay.h"
#endif
#if __has_include("cli/cmd_servesim.h")
#include "cli/cmd_servesim.h"
#endif
