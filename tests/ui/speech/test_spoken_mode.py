"""The table speaks through the app's voice while the spoken mode is on, and says nothing while it is off."""

from __future__ import annotations

from collections.abc import Sequence

from reddog_tui.ui.speech import SpeechUnavailable, Voice, spoken_credits, spoken_for

from ..helpers import SPREAD_4_WIN, make_app, run


class RecordingVoice(Voice):
    """Keeps what it is asked to say, in order, and starts no espeak-ng."""

    def __init__(self) -> None:
        super().__init__(runner=None, which=lambda _name: "/usr/bin/espeak-ng")
        self.calls: list[tuple[tuple[str, ...], str]] = []
        self.closed = False

    def say(self, sentences: str | Sequence[str], language: str) -> None:
        self.calls.append(((sentences,) if isinstance(sentences, str) else tuple(sentences), language))

    def close(self) -> None:
        self.closed = True
        super().close()


@run
async def test_each_committed_action_and_each_refusal_is_said_in_the_current_language(tmp_path):
    app = make_app(tmp_path, "en", [SPREAD_4_WIN])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        voice = RecordingVoice()
        app.play.voice = voice
        session = app.session
        assert session is not None
        start = session.state
        await pilot.press("plus")
        staked = session.state
        await pilot.press("d")
        dealt = session.state
        await pilot.press("plus")  # refused: no chips while the raise is open
        refusal = app.play.refusal
        assert refusal is not None and session.state is dealt
        assert voice.calls == [
            (spoken_for(start, staked), "en"),
            (spoken_for(staked, dealt), "en"),
            (spoken_for(dealt, dealt, refusal), "en"),
        ]
        assert all(sentences for sentences, _language in voice.calls)
        app.language = "de"
        await pilot.pause()
        await pilot.press("plus")
        german = app.play.refusal
        assert german is not None
        assert voice.calls[-1] == (spoken_for(dealt, dealt, german), "de")
        assert voice.calls[-1][0] != voice.calls[-2][0]  # said in German now, not English


@run
async def test_with_the_spoken_mode_off_nothing_is_said(tmp_path):
    app = make_app(tmp_path, "en", [SPREAD_4_WIN])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        voice = RecordingVoice()
        app.play.voice = voice
        app.play.voice = None
        await pilot.press("plus", "d", "plus")
        assert app.session is not None and app.session.state.credits >= 0
        assert voice.calls == []


@run
async def test_leaving_the_app_closes_the_voice(tmp_path):
    app = make_app(tmp_path, "en", [SPREAD_4_WIN])
    voice = RecordingVoice()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        app.play.voice = voice
        await pilot.press("plus")
        assert not voice.closed
    assert voice.closed


@run
async def test_switching_the_mode_on_says_so_and_the_credits_key_says_the_credits(tmp_path, monkeypatch):
    monkeypatch.setattr("shutil.which", lambda _name: "/usr/bin/espeak-ng")
    app = make_app(tmp_path, "en", [SPREAD_4_WIN])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        app.play.make_voice = RecordingVoice
        assert app.play.toggle_spoken_mode() is None
        voice = app.play.voice
        assert isinstance(voice, RecordingVoice)
        assert voice.calls == [(("Spoken mode on.",), "en")]
        await pilot.press("plus")
        app.play.say_credits()
        assert app.session is not None
        assert voice.calls[-1] == (spoken_credits(app.session.state), "en")
        assert app.play.toggle_spoken_mode() is None
        assert app.play.voice is None and voice.closed


@run
async def test_without_espeak_ng_the_mode_stays_off_and_the_guest_is_told_in_their_language(tmp_path, monkeypatch):
    monkeypatch.setattr("shutil.which", lambda _name: None)
    app = make_app(tmp_path, "de", [SPREAD_4_WIN])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        app.play.make_voice = RecordingVoice
        told = app.play.toggle_spoken_mode()
        assert told == SpeechUnavailable().guest_text()
        assert told and told != SpeechUnavailable.GUEST  # German, not the English source
        assert app.play.voice is None
        await pilot.press("plus", "d")  # and the table plays on
