"""Month calendars: month arithmetic (first weekday, length, which cell a date sits in) and the
weekday header row, shared by the calendar page scenes (a wall-calendar month, an event grid).

Weekday indices are 0 = Monday .. 6 = Sunday (``datetime.date.weekday``); a month grid has seven
columns starting on Monday or Sunday and one row per (partial) week.
"""

from __future__ import annotations

import datetime

MONTH_NAMES = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
               "November", "December")
DAY_FULL = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
DAY_SHORT = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")


def month_info(year: int, month: int) -> tuple[int, int]:
    """(weekday index of day 1, number of days)."""
    first = datetime.date(year, month, 1)
    nxt = datetime.date(year + (month == 12), month % 12 + 1, 1)
    return first.weekday(), (nxt - first).days


def column_of(weekday: int, week_start: str = "Mon") -> int:
    """Display column of weekday index ``weekday`` in a grid starting on Monday or Sunday."""
    return weekday if week_start == "Mon" else (weekday + 1) % 7


def header_labels(week_start: str = "Mon", names=DAY_SHORT) -> list[str]:
    off = 0 if week_start == "Mon" else 6
    return [names[(off + k) % 7] for k in range(7)]


def day_cell(first_col: int, day: int) -> tuple[int, int]:
    """(row, column) of ``day`` in a month grid whose day 1 sits in column ``first_col``."""
    return divmod(first_col + day - 1, 7)


def n_weeks(first_col: int, ndays: int) -> int:
    return (first_col + ndays + 6) // 7


def weekday_header(c, x0: float, y: float, cell_w: float, h: float, labels, *, boxed: bool = True,
                   size: float = 15.0, color="ink", prefix: str = "head") -> None:
    """The row of weekday headings over a month grid: one cell per column (a ``panel`` box when
    ``boxed``), bold labels shrunk (to 12 at the least) until the widest fits; each cell is
    registered as ``{prefix}:{k}``."""
    while size > 12 and max(c.text_width(t, size=size, bold=True) for t in labels) > cell_w - 12:
        size -= 0.5
    for k, lab in enumerate(labels):
        bx = x0 + k * cell_w
        if boxed:
            c.rect(bx, y, cell_w, h, fill="panel", stroke="grid", lw=1.0)
        c.text(bx + cell_w / 2, y + h / 2, lab, size=size, bold=True, color=color)
        c.register(f"{prefix}:{k}", box=(bx, y, bx + cell_w, y + h))
