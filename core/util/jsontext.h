// SPDX-License-Identifier: Apache-2.0
#pragma once
// Character classes of JSON text, shared by the hand-written scanners that read JSON without a
// document (formats/flatjson: trace lines; replay/eventscan: streamed token events).

namespace lorascope::jsontext {

/// The value of a hexadecimal digit (as in a \uXXXX escape), or -1 if `c` is not one.
inline int hexValue(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

} // namespace lorascope::jsontext
