"""An animated replay of a game: the board at each public post, as one animated image.

Frames are drawn from public views only (`viewer` None): the caller replays the game and hands over the
views of the positions the channel saw; `frame_indices` says which to draw so a long game stays bounded.
`animate` downscales the frames, encodes them (animated WebP, or GIF where this Pillow has no WebP) and,
while the file is over the size limit, drops frames and narrows the picture until it fits. An animation has one
canvas size, and boards cropped to what they show (1960, Campaign Manager 2008) change height as the game goes:
every frame is laid on the largest, top-left, the rest paper.

WebP is written lossless: map pictures are flat colour, which lossless WebP (with its frame differencing)
stores smaller than lossy, and the first and last frames stay exactly the boards that were posted.
"""
from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Any, Sequence

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


def draw_public(view: Any) -> bytes:
    """The posted picture (PNG) of one public view."""
    if getattr(view, "viewer", None) is not None:
        raise ValueError("a replay is drawn from public views only")
    renderer = registry.get(getattr(view, "ruleset", None))
    if renderer is None:
        raise ValueError(f"no picture for ruleset {getattr(view, 'ruleset', None)!r}")
    return renderer.draw(view).png


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


def on_one_canvas(frames: Sequence[Image.Image]) -> list[Image.Image]:
    """The frames on one canvas, as wide and as tall as the largest: an animated WebP has a single canvas size and
    libwebp refuses a frame of any other ("Invalid frame dimensions"), while boards that are cropped to what was
    drawn (1960's and Campaign Manager 2008's band below the map or ladder) grow and shrink as the game goes.
    Each frame keeps its top-left corner, so the map stays put, and the space it leaves is the boards' paper."""
    size = (max(f.width for f in frames), max(f.height for f in frames))
    return [f if f.size == size else _padded(f, size) for f in frames]


def _padded(frame: Image.Image, size: tuple[int, int]) -> Image.Image:
    canvas = Image.new("RGB", size, PAPER)
    canvas.paste(frame, (0, 0))
    return canvas


def _decoded(picture: bytes | Image.Image) -> Image.Image:
    return picture if isinstance(picture, Image.Image) else Image.open(io.BytesIO(picture)).convert("RGB")


def _durations(n: int) -> list[int]:
    if n == 1:
        return [LAST_MS]
    return [FIRST_MS] + [FRAME_MS] * (n - 2) + [LAST_MS]


def encode(frames: Sequence[Image.Image], fmt: str | None = None) -> bytes:
    """The animation of `frames`, which must all be one size (`on_one_canvas`)."""
    fmt = fmt or image_format()
    out = io.BytesIO()
    first, rest = frames[0], list(frames[1:])
    if fmt == "webp":
        first.save(out, format="WEBP", save_all=True, append_images=rest, duration=_durations(len(frames)),
                   loop=0, lossless=True, quality=50, method=2)  # past this, seconds more for 1% smaller
    else:
        # one palette per frame; no dithering, so flat map colours stay flat (and compress)
        paletted = [f.quantize(colors=255, dither=Image.Dither.NONE) for f in frames]
        paletted[0].save(out, format="GIF", save_all=True, append_images=paletted[1:],
                         duration=_durations(len(frames)), loop=0, optimize=False, disposal=1)
    return out.getvalue()


def animate(pictures: Sequence[bytes | Image.Image], *, width: int = WIDTH, max_frames: int = MAX_FRAMES,
            size_limit: int = SIZE_LIMIT, fmt: str | None = None) -> Animation:
    """One animated image of `pictures` (the boards in order): at most `max_frames` of them, `width` wide, under
    `size_limit` bytes — fewer frames (always the first and the last), then a narrower picture, until it fits."""
    if not pictures:
        raise ValueError("a replay needs at least one picture")
    fmt = fmt or image_format()
    chosen = [_decoded(pictures[i]) for i in frame_indices(len(pictures), max_frames)]  # decoded once
    while True:
        frames = on_one_canvas([scaled(p, width) for p in chosen])
        data = encode(frames, fmt)
        if len(data) <= size_limit:
            return Animation(data=data, format=fmt, n_frames=len(frames), width=frames[0].width,
                             height=frames[0].height)
        if len(chosen) <= MIN_FRAMES and width <= MIN_WIDTH:
            raise ReplayTooLarge(f"{len(data)} bytes with {len(chosen)} frames {width} px wide")
        # Frames first: lossless WebP stores a narrower map hardly smaller (a box-averaged border is more
        # colours), while each frame dropped saves its whole difference. The share kept follows how far over
        # the limit we are: one or two passes in practice.
        if len(chosen) > MIN_FRAMES:
            keep = max(0.3, min(0.85, size_limit / len(data) * 0.9))
            chosen = [chosen[i] for i in frame_indices(len(chosen), max(MIN_FRAMES, int(len(chosen) * keep)))]
        else:
            width = max(MIN_WIDTH, int(width * 0.7))


def replay_views(views: Sequence[Any], **options: Any) -> Animation:
    """The animation of these public views (already sampled: each is drawn)."""
    return animate([draw_public(v) for v in views], **options)
