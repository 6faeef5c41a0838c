// SPDX-License-Identifier: Apache-2.0
#pragma once
// Qt's Fusion style draws a table header's sort arrow pointing up (▲) while the column is sorted
// descending (QHeaderView maps ascending to SortDown, and Fusion on Linux draws SortUp as ▲). The
// usual reading is the other one: ▲ ascending (smallest first), ▼ descending. This proxy style
// draws the arrow that way for the headers it is set on (other styles are left as they are).

class QHeaderView;

namespace lorascope {

/// Makes `header` draw ▲ while sorted ascending and ▼ while sorted descending.
void useReadableSortArrows(QHeaderView* header);

} // namespace lorascope
