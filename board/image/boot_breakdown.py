"""playhead's line with its first frame (BootBreakdown), read from a console's text: where each
boot's seconds went, stage by stage, from the kernel's start. image-test.py checks it; goals.py
puts it beside issue 38's goals."""
import re

BREAKDOWN = re.compile(r"boot: ((?:[a-z ]+ [0-9.]+ s, )*[a-z ]+ [0-9.]+ s) = [0-9.]+ s since the kernel started")
BOOT_STAGES = ("kernel", "early boot", "init scripts", "to playhead", "loading", "options", "outputs", "open", "first frame")


def breakdowns(text):
    """Each boot's breakdown in the console's text, as {stage: seconds}, in order."""
    return [{m.group(1).strip(): float(m.group(2)) for m in re.finditer(r"([a-z ]+) ([0-9.]+) s", found)}
            for found in BREAKDOWN.findall(text)]
