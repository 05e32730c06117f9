"""QEMU's human monitor on its socket: one command, its answer. Standard library only."""
import socket
import time


def monitor(path, command, timeout=20):
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.settimeout(timeout)
    s.connect(path)
    try:
        def until_prompt():
            data = b""
            deadline = time.monotonic() + timeout
            while not data.rstrip().endswith(b"(qemu)") and time.monotonic() < deadline:
                chunk = s.recv(4096)
                if not chunk:
                    break
                data += chunk
            return data.decode("utf-8", "replace")
        until_prompt()
        s.sendall(command.encode() + b"\n")
        answer = until_prompt()
        # The echo of the command comes first; what follows, before the prompt, is the answer.
        lines = [l.strip() for l in answer.replace("\r", "").split("\n")]
        return "\n".join(l for l in lines if l and not l.startswith("(qemu)") and command not in l)
    finally:
        s.close()


def plug_stick(path, img, name, detach, failures, wait=150):
    """Plugs the raw image `img` in as a USB stick (`name`: its drive and device ids), waits up to
    `wait` seconds for the guest to ask for it to be pulled (the file `detach` appears on the
    share), and pulls it. What goes wrong is added to `failures`."""
    answer = monitor(path, f"drive_add 0 if=none,id={name},file={img},format=raw,readonly=on")
    if "OK" not in answer:
        failures.append(f"drive_add: {answer!r}")
    answer = monitor(path, f"device_add usb-storage,bus=xhci.0,drive={name},id={name}0,removable=on")
    if answer.strip():
        failures.append(f"device_add: {answer!r}")
    deadline = time.monotonic() + wait
    while not detach.exists() and time.monotonic() < deadline:
        time.sleep(0.5)
    if not detach.exists():
        failures.append("the guest never asked for the stick to be pulled")
    answer = monitor(path, f"device_del {name}0")
    if answer.strip():
        failures.append(f"device_del: {answer!r}")
