"""One of several copies of Red Dog opening the same new folder at the same moment.

    python tests/store/race_driver.py

Prints `READY` once imported, then for each line `OPEN SECONDS DATA_DIR` on stdin it opens the
store there, keeps it open for SECONDS, closes it and prints one line: `OPENED`, `REFUSED code`,
or `CRASHED text`.
The test writes the same line to every copy's stdin together, so they race on one folder.
"""

from __future__ import annotations

import sys
import time
import traceback

from reddog_tui.store import Store, StoreError


def main() -> None:
    print("READY", flush=True)
    for line in sys.stdin:
        command, hold, data_dir = line.rstrip("\n").split(" ", 2)
        if command != "OPEN":
            break
        try:
            with Store.open(data_dir):
                time.sleep(float(hold))
            print("OPENED", flush=True)
        except StoreError as error:
            print(f"REFUSED {error.code}", flush=True)
        except BaseException:  # the test reports it: a crash is a failure, not a refusal
            print("CRASHED " + traceback.format_exc().replace("\n", " | "), flush=True)


if __name__ == "__main__":
    main()
