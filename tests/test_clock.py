"""The clock (minimax_viz.clock): where a limit holds, and the words where it cannot."""

import signal
import threading
import time

import pytest

import minimax_viz as mv
from minimax_viz import clock


def _on_a_thread(fn):
    """``fn()`` run on a thread that is not the main one: its answer (or what it raised, raised here)."""
    box = {}

    def run():
        try:
            box["answer"] = fn()
        except BaseException as err:  # noqa: BLE001 (carried back to the test)
            box["error"] = err

    thread = threading.Thread(target=run, name="not the main thread")
    thread.start()
    thread.join(60)
    assert not thread.is_alive(), "the call did not end within a minute"
    if "error" in box:
        raise box["error"]
    return box["answer"]


def test_play_match_holds_its_time_limit_off_the_main_thread():
    """No clock signal reaches another thread: the match's watchdog stops an endless player anyway."""

    def endless(game, state, budget):
        while True:
            pass

    began = time.monotonic()
    result = _on_a_thread(lambda: mv.play_match([endless, mv.greedy_player], game=mv.TicTacToe(), games=2,
                                                time_limit=0.3))
    assert time.monotonic() - began < 20
    for record in result.games:
        assert record.forfeit is not None and record.forfeit.player == "endless"
        assert "it did not return within 0.3 s" in record.forfeit.words
    assert result.score("greedy_player", "endless") == (2, 0, 0)


def test_a_timer_off_the_main_thread_says_it_cannot_stop_the_code():
    def timed():
        with pytest.warns(clock.ClockWarning) as caught:
            with clock.Timer(0.05) as timer:
                time.sleep(0.2)   # past the limit: nothing stops it here
        return timer, str(caught[0].message)

    timer, words = _on_a_thread(timed)
    assert not timer.on
    assert words == timer.words
    assert "a Timer of 0.05 s cannot stop code here" in words
    assert "reaches only the main thread, and this is 'not the main thread'" in words
    assert "bounded(" in words and "runs without a limit" in words


def test_a_timer_without_the_clock_signal_says_so(monkeypatch):
    monkeypatch.delattr(signal, "setitimer")
    with pytest.warns(clock.ClockWarning, match="this Python has no clock signal"):
        with clock.Timer(1.0):
            pass


@pytest.mark.skipif(not hasattr(signal, "setitimer"), reason="no clock signal on this platform (Windows)")
def test_a_timer_on_the_main_thread_stops_an_endless_loop_without_a_warning(recwarn):
    assert threading.current_thread() is threading.main_thread()
    assert clock.timer_words(1.0) is None
    began = time.monotonic()
    with pytest.raises(clock.Stopped, match="over 0.1 s"):
        with clock.Timer(0.1):
            while True:
                pass
    assert time.monotonic() - began < 5
    assert not [w for w in recwarn if issubclass(w.category, clock.ClockWarning)]


def test_bounded_holds_its_limit_off_the_main_thread():
    def endless():
        while True:
            pass

    answer, words = _on_a_thread(lambda: clock.call_learner(endless, seconds=0.2))
    assert answer is None
    assert words == "it ran for more than 0.2 s without an answer (an endless loop?)"
