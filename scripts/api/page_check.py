#!/usr/bin/env python3
"""Headless Chromium (Debian's, through its chromedriver, with selenium) drives the control page
at BASE: logs in with TOKEN, presses Pause, and the player pauses, as the API then says (the
player's word, not the page's); checks that the page fetched nothing from elsewhere and fits a
phone's width; saves it at desktop and phone width as OUT/page-desktop.png and page-phone.png.

usage: page_check.py BASE TOKEN OUT [--screen]   (--screen: wait for the screenshot too; the host's check, and image-test's on the board)"""
import json, sys, time, urllib.error, urllib.request


def fail(message):
    print(f"page-check: FAIL: {message}", flush=True)
    sys.exit(1)


def api(base, token, path, body=None):
    req = urllib.request.Request(base + path, method="POST" if body is not None else "GET",
                                 data=body.encode() if body is not None else None)
    req.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(req, timeout=20) as r:
        return json.loads(r.read().decode())


def drive(base, token, out, timeout=15, screen=False):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for arg in ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1280,900", "--disable-dev-shm-usage"]:
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    try:
        wait = WebDriverWait(driver, timeout)
        driver.get(base + "/")
        wait.until(lambda d: d.find_element(By.ID, "login").is_displayed())
        if not api(base, token, "/api/command", "play")["ok"]:
            fail("play was refused")
        driver.find_element(By.ID, "token").send_keys(token)
        driver.find_element(By.ID, "loginButton").click()
        wait.until(lambda d: d.find_element(By.ID, "panel").is_displayed())
        wait.until(lambda d: d.find_element(By.ID, "state").text == "playing")
        driver.find_element(By.ID, "pause").click()
        # The player's own word, through the API, not the page's.
        deadline = time.time() + timeout
        while api(base, token, "/api/status")["state"] != "paused":
            if time.time() > deadline:
                fail("Pause on the page did not pause the player")
            time.sleep(0.1)
        wait.until(lambda d: d.find_element(By.ID, "state").text == "paused")
        if screen:
            # A screen standing still is shot as it is, not after frames that never come.
            req = urllib.request.Request(base + "/api/screenshot", headers={"Authorization": f"Bearer {token}"})
            try:
                with urllib.request.urlopen(req, timeout=20) as r:
                    if not r.read().startswith(b"\x89PNG"):
                        fail("the paused screen's screenshot is not a PNG")
            except urllib.error.HTTPError as e:
                fail(f"no screenshot of the paused screen: {e.code} {e.read().decode(errors='replace')}")
        wait.until(lambda d: "demo.mp4" in d.find_element(By.ID, "queue").text)
        # The page reaches no other origin: everything it has came from the board.
        others = driver.execute_script(
            "return performance.getEntriesByType('resource').map(e => e.name).filter(n => !n.startsWith(location.origin))")
        if others:
            fail(f"the page fetched from elsewhere: {others}")
        if screen:
            # The board's writeback: the page shows what the screen shows.
            wait.until(lambda d: d.execute_script("return document.getElementById('screen').naturalWidth") > 0)
        driver.save_screenshot(out + "/page-desktop.png")
        driver.set_window_size(390, 844)
        time.sleep(0.5)
        width = driver.execute_script("return document.documentElement.scrollWidth")
        if width > 390:
            fail(f"at phone width the page is {width} px wide: it scrolls sideways")
        driver.save_screenshot(out + "/page-phone.png")
        print(f"page-check: the page logged in, paused the player; screenshots in {out}/page-*.png", flush=True)
    finally:
        driver.quit()



if __name__ == "__main__":
    drive(sys.argv[1], sys.argv[2], sys.argv[3], timeout=60, screen="--screen" in sys.argv[4:])
