"""The player: sounds in order off the UI's thread, the volume, sound off, and a cabinet without a
sound device (R15)."""

from __future__ import annotations

import logging
import threading
import time
import wave
from array import array

import pytest

from reddog_tui.engine import Action
from reddog_tui.ui.sound import MiniaudioSink, RecordingSink, SoundName, SoundPlayer, load_sounds
from reddog_tui.ui.sound import player as player_module

from .rounds import Table

S = SoundName
SOUNDS = load_sounds()


@pytest.fixture
def recorded():
    sink = RecordingSink()
    player = SoundPlayer(sink, volume=100)
    yield player, sink
    player.close()


def play_session(player: SoundPlayer, sound_on: bool = True) -> Table:
    """A session of rounds with each commit's sounds handed to `player`, as the app does."""
    table = Table("4H AD QD", "2S 9H KC", "6S 6H 6C", "7S 8H 2C", sound_on=sound_on)
    for action, value in [
        (Action.ADD_CHIP, 10),
        (Action.ADD_CHIP, 5),
        (Action.REMOVE_CHIP, 5),
        (Action.DEAL, None),
        (Action.RAISE, None),
        (Action.REBET, None),
        (Action.CALL, None),
        (Action.REBET, None),
        (Action.NEW_BET, None),
        (Action.DEAL, None),  # refused: no ante
        (Action.ADD_CHIP, 10),
        (Action.DEAL, None),
    ]:
        player.play_all(table.do(action, value))
        assert player.wait_idle()  # keys come slower than a loop: each commit is heard before the next
    return table


def test_a_session_plays_each_events_sound_in_order_r3_to_r12(recorded):
    player, sink = recorded
    play_session(player)
    assert player.wait_idle()
    assert sink.names == [
        S.CHIP_PLACED,
        S.CHIP_PLACED,
        S.CHIP_TAKEN,
        S.DEAL,  # 4H AD: spread 9, raise or call
        S.CHIP_PLACED,  # the raise
        S.BEAT,
        S.CARD_TURNED,
        S.WIN,  # the Queen
        S.CHIP_PLACED,  # REBET: the ante again
        S.DEAL,  # 2S 9H
        S.BEAT,
        S.CARD_TURNED,
        S.LOSS,  # the King
        S.CHIP_PLACED,
        S.DEAL,  # 6S 6H: a pair, the third turned at once
        S.BEAT,
        S.CARD_TURNED,
        S.BIG_WIN,  # three of a kind
        S.CHIP_TAKEN,  # NEW BET
        S.REFUSED,
        S.CHIP_PLACED,
        S.DEAL,  # 7S 8H: consecutive
        S.PUSH,
    ]
    assert [pcm for _, pcm in sink.played] == [SOUNDS[name] for name in sink.names]  # at full volume, as shipped


def test_sound_off_plays_nothing_r15(recorded):
    player, sink = recorded
    player.enabled = False
    table = play_session(player, sound_on=True)
    assert player.wait_idle() and sink.played == []
    assert any(table.heard)  # the sounds were asked for: the player's setting kept them silent
    player.enabled = True
    player.play(S.WIN)
    assert player.wait_idle() and sink.names == [S.WIN]


def test_sound_off_in_the_mapping_asks_for_nothing_r15(recorded):
    player, sink = recorded
    table = play_session(player, sound_on=False)
    assert player.wait_idle() and sink.played == [] and not any(table.heard)


def samples(pcm: bytes) -> array:
    values = array("h")
    values.frombytes(pcm)
    return values


@pytest.mark.parametrize("volume", [100, 70, 50, 1])
def test_the_volume_scales_every_sample_by_its_square(volume):
    sink = RecordingSink()
    player = SoundPlayer(sink, volume=volume)
    player.play(S.WIN)
    assert player.wait_idle()
    player.close()
    ((_, pcm),) = sink.played
    shipped, heard = samples(SOUNDS[S.WIN]), samples(pcm)
    assert len(heard) == len(shipped)
    gain = volume * volume / 10_000
    assert all(h == int(s * gain) for s, h in zip(shipped, heard))
    loudest = max(map(abs, shipped))
    assert max(map(abs, heard)) == int(loudest * gain)
    assert loudest > 20_000  # the shipped file is near full scale, so the scaling shows


def test_volume_zero_plays_nothing_and_a_volume_out_of_range_is_refused(recorded):
    player, sink = recorded
    player.volume = 0
    player.play(S.WIN)
    assert player.wait_idle() and sink.played == []
    for wrong in (-1, 101, 50.5, True):
        with pytest.raises(ValueError):
            player.volume = wrong
    with pytest.raises(ValueError):
        SoundPlayer(sink, volume=101)
    assert player.volume == 0


def test_a_volume_change_applies_to_the_sounds_played_after_it(recorded):
    player, sink = recorded
    player.play(S.PUSH)
    player.volume = 50
    player.play(S.PUSH)
    assert player.wait_idle()
    loud, soft = (max(map(abs, samples(pcm))) for _, pcm in sink.played)
    assert soft == int(loud * 0.25)


class BlockedSink(RecordingSink):
    """A sink that holds each sound until released: a slow device."""

    def __init__(self) -> None:
        super().__init__()
        self.release = threading.Event()
        self.started = threading.Event()

    def play(self, name, pcm):
        self.started.set()
        self.release.wait(5)
        super().play(name, pcm)


def test_play_returns_at_once_while_a_sound_plays_and_a_backlog_drops_the_newest():
    sink = BlockedSink()
    player = SoundPlayer(sink)
    start = time.monotonic()
    player.play(S.DEAL)
    assert sink.started.wait(5)  # the worker holds the deal
    for _ in range(player_module.BACKLOG + 5):
        player.play(S.CHIP_PLACED)
    assert time.monotonic() - start < 0.5  # never waited for the sink
    assert not player.wait_idle(0.05)
    sink.release.set()
    assert player.wait_idle()
    assert sink.names == [S.DEAL] + [S.CHIP_PLACED] * (player_module.BACKLOG - 1)
    player.close()


def test_close_stops_the_worker_and_closes_the_sink(recorded):
    player, sink = recorded
    player.play(S.WIN)
    assert player.wait_idle()
    worker = player._thread
    player.close()
    assert worker is not None and not worker.is_alive() and sink.closed
    player.play(S.LOSS)  # after close: nothing, no error
    assert sink.names == [S.WIN]


def test_a_recording_sink_writes_what_it_played_to_a_wav_file(tmp_path):
    path = tmp_path / "heard.wav"
    sink = RecordingSink(path)
    player = SoundPlayer(sink, volume=100)
    player.play_all([S.CHIP_PLACED, S.DEAL])
    assert player.wait_idle()
    player.close()
    with wave.open(str(path), "rb") as wav:
        assert (wav.getnchannels(), wav.getsampwidth(), wav.getframerate()) == (1, 2, 22050)
        assert wav.readframes(wav.getnframes()) == SOUNDS[S.CHIP_PLACED] + SOUNDS[S.DEAL]


# --- the speakers, through miniaudio ------------------------------------------------------------


class FakeDevice:
    """Stands in for miniaudio's PlaybackDevice: a thread pulls frames as a sound card would."""

    def __init__(self, stall: bool = False) -> None:
        self.received = bytearray()
        self.closed = threading.Event()
        self.stall = stall

    def start(self, stream):
        def pull():
            while not self.closed.is_set():
                self.received += stream.send(256)  # 11.6 ms of sound every 5 ms: faster than a card
                time.sleep(0.005)

        if not self.stall:
            threading.Thread(target=pull, daemon=True).start()

    def close(self):
        self.closed.set()


def test_the_device_receives_the_sounds_one_after_another():
    devices = []

    def open_device():
        devices.append(FakeDevice())
        return devices[-1]

    player = SoundPlayer(MiniaudioSink(open_device), volume=100)
    player.play_all([S.CHIP_PLACED, S.CARD_TURNED])
    assert player.wait_idle()
    player.close()
    (device,) = devices  # opened once, at the first sound
    assert device.closed.is_set()
    expected = SOUNDS[S.CHIP_PLACED] + SOUNDS[S.CARD_TURNED]
    start = bytes(device.received).index(expected[:64])
    assert bytes(device.received[start : start + len(expected)]) == expected
    assert not any(device.received[:start])  # silence before, nothing else


def test_without_a_sound_device_nothing_plays_and_it_is_logged_once(caplog):
    calls = []

    def no_device():
        calls.append(1)
        raise OSError("no sound card")

    sink = MiniaudioSink(no_device)
    player = SoundPlayer(sink)
    with caplog.at_level(logging.WARNING, logger="reddog_tui.ui.sound"):
        for name in (S.CHIP_PLACED, S.DEAL, S.WIN):
            player.play(name)
        assert player.wait_idle()
    player.close()
    assert sink.silent and calls == [1]  # not asked again for every sound
    warnings = [r for r in caplog.records if r.levelno == logging.WARNING]
    assert len(warnings) == 1 and "no sound card" in warnings[0].getMessage()


def test_a_device_that_stops_taking_samples_is_given_up_once(caplog):
    device = FakeDevice(stall=True)
    sink = MiniaudioSink(lambda: device)
    with caplog.at_level(logging.WARNING, logger="reddog_tui.ui.sound"):
        sink.play(S.CHIP_PLACED, SOUNDS[S.CHIP_PLACED])  # waits its length and a second, then gives up
        sink.play(S.DEAL, SOUNDS[S.DEAL])
    assert sink.silent and device.closed.is_set()
    assert len([r for r in caplog.records if r.levelno == logging.WARNING]) == 1


def test_this_machines_missing_device_is_logged_once_and_alsa_writes_nothing_on_the_screen(capfd, caplog):
    # Textual draws on file descriptor 2: ALSA's complaints there would scribble over the screen.
    sink = MiniaudioSink()
    with caplog.at_level(logging.WARNING, logger="reddog_tui.ui.sound"):
        sink.play(S.CHIP_PLACED, SOUNDS[S.CHIP_PLACED])
        if not sink.silent:
            sink.close()
            pytest.skip("this machine has a sound device")
        sink.play(S.CHIP_PLACED, SOUNDS[S.CHIP_PLACED])
    assert len([r for r in caplog.records if r.levelno == logging.WARNING]) == 1
    # The project's own log line may reach standard error where an earlier test left the log set
    # up there (as `reddog` does): anything else came from ALSA.
    written = capfd.readouterr().err.splitlines()
    assert [line for line in written if "reddog_tui.ui.sound.player" not in line] == []
