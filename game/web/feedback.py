"""The physical cues of a roll and a score: a dice sound (Web Audio) and a short vibration.

The sound is synthesized, no file to fetch: three to five short clicks of decaying noise
and ring at random moments and pitches, like dice tumbling on a table (about a quarter of
a second); a score is one soft, low tap. The clicks are made once, in one small buffer
(four kinds of click, from sharp and loud to dull and soft); each cue then only schedules
a handful of buffer sources on one AudioContext, through one band-pass filter.

The AudioContext is made on the first cue that should sound (a player's tap has allowed
sound by then), but not in that click's own turn: making one takes some 20 ms in Chromium,
so it is made, and the first sound played, by a timer just after the frame is drawn. From
then on a cue costs a fraction of a millisecond. The vibration is ``navigator.vibrate``,
where it exists.

Settings decide (``game.records.settings``: sound, vibration), read from memory at each
cue. A cue never disturbs the game: anything that fails here is swallowed, and a sound
that failed once is not tried again.
"""

from __future__ import annotations

import math
import random
from array import array
from collections.abc import Callable
from typing import Any

from pyodide.ffi import create_once_callable, create_proxy, to_js

from game.records.settings import Settings
from game.session.ports import Cue
from game.web.dom import found

#: The buffer's sample rate: the clicks sit around 2–4 kHz, so 22.05 kHz (the lowest every
#: browser's createBuffer takes) keeps what the filter lets through; the AudioContext resamples it.
RATE = 22050
#: Each kind of click: (length and decay in seconds, its ring in Hz, loudness).
CLICKS = ((0.020, 0.004, 3100.0, 1.0), (0.030, 0.006, 2300.0, 0.8), (0.025, 0.005, 3700.0, 0.6),
          (0.045, 0.009, 1700.0, 0.45))
#: Milliseconds from the first cue to the first sound: the frame of the click is drawn first.
FIRST_SOUND_DELAY = 20
#: Vibration (ms): a tick on a roll, a double tick on a score.
VIBRATE_ROLL, VIBRATE_SCORE = 25, (20, 60, 20)


def click_samples(rng: random.Random) -> tuple[array[float], list[tuple[float, float]]]:
    """The buffer's samples, every kind of click one after another, and each click's (offset, length) in s."""
    samples: array[float] = array("f")
    places = []
    noise, sin = rng.random, math.sin
    for length, decay, ring, loudness in CLICKS:
        places.append((len(samples) / RATE, length))
        fall, turn = math.exp(-1 / (decay * RATE)), 2 * math.pi * ring / RATE
        samples.extend([loudness * fall**n * (noise() - 0.5 + 0.5 * sin(turn * n)) for n in range(int(length * RATE))])
    return samples, places


class Feedback:
    """Plays the cue of a roll or a score as ``settings()`` (the player's, kept in memory) allow."""

    def __init__(self, window: Any, settings: Callable[[], Settings]) -> None:
        self.window, self.settings = window, settings
        self.rng = random.Random()
        self._audio: Any = None  # the AudioContext, once made; False: none here, or it failed
        self._buffer: Any = None
        self._places: list[tuple[float, float]] = []
        self._into: Any = None  # where every click goes: a band-pass filter, a gain, the speakers
        self._ignore: Any = None  # a promise's rejection handler (resume() of a closed context)
        self._active = False  # the player has interacted with the page (browsers allow sound then)
        self._pattern: Any = None

    def cue(self, event: Cue) -> None:
        """The dice sound and a vibration for ``event``, as far as the settings and the browser allow."""
        try:
            settings = self.settings()
            if not (settings.sound or settings.vibration) or not self._may_play():
                return
            if settings.vibration:
                self._vibrate(event)
            if settings.sound and self._audio is not False:
                self._sound(event)
        except Exception:  # a cue is a nicety: never an error for the player (or a test)
            self._audio = False

    def _may_play(self) -> bool:
        """Only after the player's first tap: before it, browsers refuse sound and vibration (and say so)."""
        if not self._active:
            activation: Any = getattr(self.window.navigator, "userActivation", None)
            self._active = not found(activation) or bool(activation.hasBeenActive)
        return self._active

    def _vibrate(self, event: Cue) -> None:
        navigator = self.window.navigator
        if not found(getattr(navigator, "vibrate", None)):
            return
        try:
            if event == "roll":
                navigator.vibrate(VIBRATE_ROLL)
            else:
                if self._pattern is None:
                    self._pattern = to_js(list(VIBRATE_SCORE))
                navigator.vibrate(self._pattern)
        except Exception:
            pass

    def _sound(self, event: Cue) -> None:
        if self._audio is None:  # the first sound: not in this click's turn (see the module's note)
            self._audio = False  # until it is made
            self.window.setTimeout(create_once_callable(lambda: self._first_sound(event)), FIRST_SOUND_DELAY)
        else:
            self._play(self._audio, event)

    def _first_sound(self, event: Cue) -> None:
        try:
            if (audio := self._start_audio()) is not None:
                self._play(audio, event)
        except Exception:  # no sound, ever, rather than an error
            self._audio = False

    def _play(self, audio: Any, event: Cue) -> None:
        if str(audio.state) == "suspended":
            audio.resume().catch(self._ignore)
        rng, buffer, into, places = self.rng, self._buffer, self._into, self._places
        if event == "score":
            plan = [(3, 0.7)]
        else:  # the loud kinds first, softer ones as the dice settle
            plan = [(min(i + rng.randint(0, 1), 3), rng.uniform(0.8, 1.5)) for i in range(rng.randint(3, 5))]
        when = float(audio.currentTime) + 0.005
        for kind, pitch in plan:
            source = audio.createBufferSource()
            source.buffer = buffer
            source.playbackRate.value = pitch
            source.connect(into)
            offset, length = places[kind]
            source.start(when, offset, length)
            when += rng.uniform(0.025, 0.075)

    def _start_audio(self) -> Any:
        """The AudioContext and the clicks' buffer and route, made once (None: no Web Audio here)."""
        context: Any = getattr(self.window, "AudioContext", None)
        if not found(context):
            context = getattr(self.window, "webkitAudioContext", None)  # Safari before 14.1
        if not found(context):
            self._audio = False
            return None
        audio = context.new()
        samples, self._places = click_samples(self.rng)
        buffer = audio.createBuffer(1, len(samples), RATE)
        buffer.getChannelData(0).assign(samples)
        band = audio.createBiquadFilter()
        band.type, band.frequency.value, band.Q.value = "bandpass", 2600, 0.7
        volume = audio.createGain()
        volume.gain.value = 0.6
        band.connect(volume)
        volume.connect(audio.destination)
        self._ignore = create_proxy(lambda *_: None)
        self._audio, self._buffer, self._into = audio, buffer, band
        return audio
