"""An animated replay of a game: the board at each public post, as one animated image.

Frames are drawn from public views only (`viewer` None): the caller hands over the pictures of the positions the
channel saw, or the views to draw them from; `frame_indices` says which to draw so a long game stays bounded.
`animate` takes the boards one at a time — each drawn (when the caller draws lazily), downscaled to the replay's
width and kept compressed (`Frame`), so no more than one full-size board is held at once — then encodes them
(animated WebP, or GIF where this Pillow has no WebP), decoding one frame at a time as the encoder asks for it
(`FrameSequence`), and, while the file is over the size limit, drops frames and narrows the kept frames until it
fits: the full-size boards are never needed again. An animation has one canvas size, and boards cropped to what they
show (1960, Campaign Manager 2008) change height as the game goes: every frame is laid on the largest, top-left,
the rest paper.

WebP is written lossless: map pictures are flat colour, which lossless WebP (with its frame differencing)
stores smaller than lossy, and the first and last frames stay exactly the boards that were posted.
"""
from __future__ import annotations

import io
import zlib
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Sequence

from PIL import Image, features

from render import registry
from render.colours import PAPER

MAX_FRAMES = 120  # a few hundred posts in a long game: sampled down to this many
WIDTH = 800  # wide enough to read a state's colour on a phone, small enough to stay light
SIZE_LIMIT = 8 * 1024 * 1024  # Discord's smallest upload limit (bot/discord/limits.py ATTACHMENT)
FRAME_MS = 600
FIRST_MS = 1500  # the setup, long enough to see who is where before things move
LAST_MS = 5000  # the final board holds
MIN_WIDTH = 240
MIN_FRAMES = 2


class ReplayTooLarge(Exception):
    """Even the smallest replay (two frames, MIN_WIDTH wide) is over the size limit."""


@dataclass(frozen=True)
class Animation:
    data: bytes
    format: str  # "webp" or "gif"
    n_frames: int
    width: int
    height: int

    @property
    def filename(self) -> str:
        return f"replay.{self.format}"


def image_format() -> str:
    """The animated format this Pillow writes: WebP when it was built with libwebp, else GIF."""
    return "webp" if features.check("webp") else "gif"


def frame_indices(count: int, limit: int = MAX_FRAMES) -> list[int]:
    """At most `limit` indices of `count` positions, evenly spread, always the first and the last."""
    if count <= 0:
        return []
    if count <= limit:
        return list(range(count))
    if limit <= 1:
        return [count - 1]
    return sorted({round(i * (count - 1) / (limit - 1)) for i in range(limit)})


def draw_public(view: Any) -> bytes | Image.Image:
    """The posted picture of one public view: its pixels in RGB where the renderer draws them without the PNG
    (encoding a board and decoding it again is a third of drawing it, and a frame is scaled down anyway), else
    its PNG."""
    if getattr(view, "viewer", None) is not None:
        raise ValueError("a replay is drawn from public views only")
    renderer = registry.get(getattr(view, "ruleset", None))
    if renderer is None:
        raise ValueError(f"no picture for ruleset {getattr(view, 'ruleset', None)!r}")
    draw_frame = getattr(renderer, "draw_frame", None)
    return draw_frame(view) if draw_frame is not None else renderer.draw(view).png


def scaled(picture: bytes | Image.Image, width: int) -> Image.Image:
    """A frame: the picture in RGB, `width` wide (never enlarged), its proportions kept."""
    image = picture if isinstance(picture, Image.Image) else Image.open(io.BytesIO(picture))
    if image.mode != "RGB":  # `animate` hands over RGB already: converting again would copy every frame
        image = image.convert("RGB")
    if image.width <= width:
        return image
    height = max(1, round(image.height * width / image.width))
    # BOX, not LANCZOS: a box average keeps flat colours flat, where Lanczos rings at every border and the
    # frames compress four times worse
    return image.resize((width, height), Image.Resampling.BOX)


@dataclass(frozen=True)
class Frame:
    """One board as the replay shows it (RGB, at the replay's width), its pixels kept deflated: a replay keeps up to
    MAX_FRAMES of them, about 100 KB each where the pixels are MBs (1960's board at 800 px is 800×1400)."""
    size: tuple[int, int]
    pixels: bytes  # zlib, fastest level: flat map colours deflate well even so, and it costs milliseconds

    @classmethod
    def of(cls, image: Image.Image) -> Frame:
        return cls(size=image.size, pixels=zlib.compress(image.tobytes(), 1))

    @property
    def width(self) -> int:
        return self.size[0]

    @property
    def height(self) -> int:
        return self.size[1]

    def image(self) -> Image.Image:
        return Image.frombytes("RGB", self.size, zlib.decompress(self.pixels))


def shrink(pictures: Iterable[bytes | Image.Image], width: int = WIDTH) -> list[Frame]:
    """The frames of `pictures`, taken one at a time (a generator may draw each as it is asked for): decoded, scaled
    to `width` and kept deflated, so only one full-size board is alive at once."""
    return [Frame.of(scaled(_decoded(picture), width)) for picture in pictures]


def _narrowed(frames: Sequence[Frame], width: int) -> list[Frame]:
    """The kept frames scaled down to `width` (never the full-size boards again), one decoded at a time."""
    return [f if f.width <= width else Frame.of(scaled(f.image(), width)) for f in frames]


class FrameSequence(Image.Image):
    """The frames as one multi-frame image, each decoded only when an encoder seeks to it and laid top-left on a
    canvas as large as the largest (an animated WebP has a single canvas size, and libwebp refuses a frame of any
    other: "Invalid frame dimensions"), the space it leaves the boards' paper. Pillow's WebP and GIF writers step
    through a multi-frame image with seek, so only the current frame's pixels are decoded at any time; the GIF
    writer keeps each frame it is given, so `prepare` makes that a paletted one (a byte a pixel)."""

    def __init__(self, frames: Sequence[Frame | Image.Image],
                 prepare: Callable[[Image.Image], Image.Image] | None = None) -> None:
        super().__init__()
        if not frames:
            raise ValueError("an animation needs at least one frame")
        self._frames = frames
        self._prepare = prepare
        self._canvas = (max(f.width for f in frames), max(f.height for f in frames))
        self.n_frames = len(frames)
        self.is_animated = self.n_frames > 1
        self._at = -1
        self.seek(0)

    def seek(self, frame: int) -> None:
        if not 0 <= frame < self.n_frames:
            raise EOFError("no such frame")
        if frame == self._at:
            return
        kept = self._frames[frame]
        image = kept.image() if isinstance(kept, Frame) else _decoded(kept)
        if image.size != self._canvas:
            image = _padded(image, self._canvas)
        if self._prepare is not None:
            image = self._prepare(image)
        self.im, self._mode, self._size, self.palette = image.im, image.mode, image.size, image.palette
        self.info = dict(image.info)
        self._at = frame

    def tell(self) -> int:
        return self._at


def on_one_canvas(frames: Sequence[Image.Image]) -> list[Image.Image]:
    """The frames on one canvas, as wide and as tall as the largest, each kept top-left (see FrameSequence)."""
    size = (max(f.width for f in frames), max(f.height for f in frames))
    return [f if f.size == size else _padded(f, size) for f in frames]


def _padded(frame: Image.Image, size: tuple[int, int]) -> Image.Image:
    canvas = Image.new("RGB", size, PAPER)
    canvas.paste(frame, (0, 0))
    return canvas


def _decoded(picture: bytes | Image.Image) -> Image.Image:
    image = picture if isinstance(picture, Image.Image) else Image.open(io.BytesIO(picture))
    return image if image.mode == "RGB" else image.convert("RGB")


def _durations(n: int) -> list[int]:
    if n == 1:
        return [LAST_MS]
    return [FIRST_MS] + [FRAME_MS] * (n - 2) + [LAST_MS]


def _paletted(frame: Image.Image) -> Image.Image:
    # one palette per frame; no dithering, so flat map colours stay flat (and compress)
    return frame.quantize(colors=255, dither=Image.Dither.NONE)


def encode(frames: Sequence[Frame | Image.Image], fmt: str | None = None) -> bytes:
    """The animation of `frames` (kept frames or images), each decoded in turn as the encoder reaches it."""
    fmt = fmt or image_format()
    out = io.BytesIO()
    if fmt == "webp":
        # method 2: past it, seconds more for 1% smaller. No key frames (kmax 0): a replay is played from its start,
        # never sought, and trying a key frame every 9-17 frames costs a third of the encoding for 3% fewer bytes
        FrameSequence(frames).save(out, format="WEBP", save_all=True, duration=_durations(len(frames)), loop=0,
                                   lossless=True, quality=50, method=2, kmin=0, kmax=0)
    else:
        FrameSequence(frames, _paletted).save(out, format="GIF", save_all=True, duration=_durations(len(frames)),
                                              loop=0, optimize=False, disposal=1)
    return out.getvalue()


def animate(pictures: Sequence[bytes | Image.Image], *, width: int = WIDTH, max_frames: int = MAX_FRAMES,
            size_limit: int = SIZE_LIMIT, fmt: str | None = None) -> Animation:
    """One animated image of `pictures` (the boards in order): at most `max_frames` of them, `width` wide, under
    `size_limit` bytes — fewer frames (always the first and the last), then a narrower picture, until it fits.
    `pictures` may draw each board when indexed: only the chosen ones are, one at a time."""
    if not pictures:
        raise ValueError("a replay needs at least one picture")
    chosen = (pictures[i] for i in frame_indices(len(pictures), max_frames))
    return fit(shrink(chosen, width), width=width, size_limit=size_limit, fmt=fmt)


def fit(frames: list[Frame], *, width: int = WIDTH, size_limit: int = SIZE_LIMIT, fmt: str | None = None) -> Animation:
    """The animation of the kept frames (at most `width` wide) under `size_limit` bytes: while it is over, fewer
    frames (always the first and the last), then narrower ones, scaled from the kept frames."""
    if not frames:
        raise ValueError("a replay needs at least one picture")
    fmt = fmt or image_format()
    while True:
        data = encode(frames, fmt)
        if len(data) <= size_limit:
            return Animation(data=data, format=fmt, n_frames=len(frames), width=max(f.width for f in frames),
                             height=max(f.height for f in frames))
        if len(frames) <= MIN_FRAMES and width <= MIN_WIDTH:
            raise ReplayTooLarge(f"{len(data)} bytes with {len(frames)} frames {width} px wide")
        # Frames first: lossless WebP stores a narrower map hardly smaller (a box-averaged border is more
        # colours), while each frame dropped saves its whole difference. The share kept follows how far over
        # the limit we are: one or two passes in practice.
        if len(frames) > MIN_FRAMES:
            keep = max(0.3, min(0.85, size_limit / len(data) * 0.9))
            frames = [frames[i] for i in frame_indices(len(frames), max(MIN_FRAMES, int(len(frames) * keep)))]
        else:
            width = max(MIN_WIDTH, int(width * 0.7))
            frames = _narrowed(frames, width)


def replay_views(views: Iterable[Any], **options: Any) -> Animation:
    """The animation of these public views (already sampled: each is drawn, one at a time, as it comes)."""
    return animate_drawn((draw_public(v) for v in views), **options)


def animate_drawn(pictures: Iterable[bytes | Image.Image], *, width: int = WIDTH, size_limit: int = SIZE_LIMIT,
                  fmt: str | None = None) -> Animation:
    """The animation of every picture `pictures` gives (already sampled), each scaled and kept as it comes."""
    return fit(shrink(pictures, width), width=width, size_limit=size_limit, fmt=fmt)
