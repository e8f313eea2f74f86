"""Pictures as pixels: paint a figure on matplotlib's Agg canvas, what never changes once.

A replay frame changes a few things on a drawn tree (which nodes are reached, the scores
that have come back, alpha and beta, the current call's box); the breadcrumb, the level
labels, the legend and the figure around them stay as they are. A :class:`Blitter` paints
the artists that stay into a background once, keeps a copy of it
(``canvas.copy_from_bbox``), and for each frame puts that copy back
(``canvas.restore_region``) and paints only the changing artists over it, in the order
matplotlib itself would (matplotlib's *blitting*). :func:`crop` cuts the picture out of the
canvas in whole pixels and :func:`encode_png` writes it without drawing the figure again.

The result is the same, pixel for pixel, as matplotlib's own full drawing of the figure
(``canvas.draw()``) as long as no unchanging artist lies *above* a changing one where they
overlap; the painter (:mod:`minimax_viz.draw`) keeps its unchanging artists clear of the
changing ones, and its tests compare both ways over every event of a replay.

>>> from matplotlib.figure import Figure
>>> figure = Figure(figsize=(1, 1), dpi=50)
>>> ax = figure.add_subplot()
>>> still, moving = ax.text(0.1, 0.8, "still"), ax.text(0.1, 0.2, "1")
>>> blitter = Blitter(figure)
>>> first = blitter.paint([moving], key="frame").copy()
>>> moving.set_text("2")
>>> second = blitter.paint([moving], key="frame")
>>> bool((first != second).any()), bool((second == blitter.paint_all()).all())
(True, True)
"""

from __future__ import annotations

import io
import math
import struct
import zlib
from typing import Any, Sequence

__all__ = ["Blitter", "pixel_box", "crop", "encode_png"]

#: zlib level for the PNGs: level 3 deflates a tree picture about twice as fast as the
#: usual 6, for files about a sixth larger.
PNG_COMPRESSION = 3


class Blitter:
    """Paint ``figure`` on its Agg canvas: the unchanging artists once, the others per frame.

    :meth:`paint` takes the artists that change (any order: they are painted as
    matplotlib orders them, by ``zorder``, ties in the order they were added) and a
    ``key`` that changes whenever anything else in the figure does (the painter counts
    its drawings). The background is painted again when the key, the figure's dpi or its
    size in pixels changes.
    """

    def __init__(self, figure):
        from matplotlib.backends.backend_agg import FigureCanvasAgg

        if not isinstance(figure.canvas, FigureCanvasAgg):
            FigureCanvasAgg(figure)
        self.figure = figure
        self._background = None
        self._key: Any = None
        self.backgrounds = 0  # how many times the background was painted (tests read it)

    @property
    def canvas(self):
        return self.figure.canvas

    def forget(self) -> None:
        """Drop the background: the next :meth:`paint` paints everything again."""
        self._background, self._key = None, None

    def paint(self, dynamic: Sequence, *, key: Any):
        """The canvas, as an (height, width, 4) uint8 array, with ``dynamic`` painted over
        the background of every other artist. The array is a view of the canvas: copy it
        to keep it past the next paint."""
        import numpy as np

        canvas = self.canvas
        key = (key, self.figure.dpi, canvas.get_width_height(physical=True))
        ordered = self._in_drawing_order(dynamic)
        if self._background is None or key != self._key:
            for artist in ordered:
                artist.set_animated(True)  # canvas.draw() leaves animated artists out
            try:
                canvas.draw()
            finally:
                for artist in ordered:
                    artist.set_animated(False)
            self._background, self._key = canvas.copy_from_bbox(self.figure.bbox), key
            self.backgrounds += 1
        else:
            canvas.restore_region(self._background)
        renderer = canvas.get_renderer()
        for artist in ordered:
            artist.draw(renderer)
        return np.asarray(renderer.buffer_rgba())

    def paint_all(self):
        """The canvas after matplotlib's ordinary full drawing of every artist, as an
        (height, width, 4) uint8 array: what :meth:`paint` must equal. Drops the background."""
        import numpy as np

        self.forget()
        self.canvas.draw()
        return np.asarray(self.canvas.get_renderer().buffer_rgba())

    def _in_drawing_order(self, artists: Sequence) -> list:
        """``artists`` sorted as ``Axes.draw`` and ``Figure.draw`` sort them: by zorder,
        stably, in the order their parent holds them; an axes' artists after the figure's."""
        wanted = {id(a) for a in artists}
        out = []
        for parent in (self.figure, *self.figure.axes):
            mine = [a for a in parent.get_children() if id(a) in wanted]
            out += sorted(mine, key=lambda a: a.get_zorder())
        return out


def pixel_box(extents: Sequence, *, pad: float) -> tuple[int, int, int, int]:
    """The smallest box of whole pixels ``(x0, y0, x1, y1)`` (display pixels, y up) that
    holds every ``(x0, y0, x1, y1)`` of ``extents`` with ``pad`` pixels around.

    >>> pixel_box([(10.2, 5.5, 20.0, 9.1), (15, 0.4, 30.5, 8)], pad=2)
    (8, -2, 33, 12)
    """
    x0 = min(e[0] for e in extents) - pad
    y0 = min(e[1] for e in extents) - pad
    x1 = max(e[2] for e in extents) + pad
    y1 = max(e[3] for e in extents) + pad
    return math.floor(x0), math.floor(y0), math.ceil(x1), math.ceil(y1)


def crop(rgba, box: tuple[int, int, int, int], *, fill=(255, 255, 255)):
    """The part ``box`` (display pixels, y up, as :func:`pixel_box` gives) of a canvas
    array ``rgba`` (rows top down), as an RGB ``PIL.Image``; a box reaching past the
    canvas is filled with ``fill`` there (the figure's colour, as ``savefig`` fills). The
    canvas is opaque, so its alpha is dropped.

    >>> import numpy as np
    >>> canvas = np.zeros((4, 5, 4), dtype=np.uint8)
    >>> canvas[3, 0] = (1, 2, 3, 255)   # the bottom-left pixel
    >>> part = np.asarray(crop(canvas, (-1, 0, 2, 2)))
    >>> part.shape, part[1, 0].tolist(), part[1, 1].tolist()
    ((2, 3, 3), [255, 255, 255], [1, 2, 3])
    """
    from PIL import Image

    height, width = rgba.shape[:2]
    x0, y0, x1, y1 = box
    top, bottom = height - y1, height - y0  # rows, top down
    canvas = Image.frombuffer("RGBA", (width, height), rgba, "raw", "RGBA", 0, 1)
    inside = (max(x0, 0), max(top, 0), min(x1, width), min(bottom, height))
    part = canvas.crop(inside).convert("RGB")
    if inside == (x0, top, x1, bottom):
        return part
    out = Image.new("RGB", (x1 - x0, bottom - top), fill)
    if inside[0] < inside[2] and inside[1] < inside[3]:
        out.paste(part, (inside[0] - x0, inside[1] - top))
    return out


def encode_png(image, *, dpi: float | None = None) -> bytes:
    """PNG bytes of an RGB ``PIL.Image`` (``dpi`` is written into the file, as ``savefig``
    does).

    The rows are stored unfiltered and deflated at zlib level :data:`PNG_COMPRESSION`:
    for a tree picture (large white areas, a few hundred colours) that is about twice as
    fast as Pillow's encoder, which tries every row filter, for a file no larger.

    >>> import numpy as np
    >>> from PIL import Image
    >>> picture = Image.fromarray(np.arange(18, dtype=np.uint8).reshape(2, 3, 3))
    >>> data = encode_png(picture, dpi=100)
    >>> data[:8], np.asarray(Image.open(io.BytesIO(data))).tolist() == np.asarray(picture).tolist()
    (b'\\x89PNG\\r\\n\\x1a\\n', True)
    """
    import numpy as np

    pixels = np.asarray(image.convert("RGB"))
    height, width = pixels.shape[:2]
    rows = np.zeros((height, width * 3 + 1), dtype=np.uint8)  # each row: filter type 0, then the row
    rows[:, 1:] = pixels.reshape(height, width * 3)
    chunks = [_chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))]
    if dpi is not None:
        per_metre = round(dpi / 0.0254)
        chunks.append(_chunk(b"pHYs", struct.pack(">IIB", per_metre, per_metre, 1)))
    chunks += [_chunk(b"IDAT", zlib.compress(rows.tobytes(), PNG_COMPRESSION)), _chunk(b"IEND", b"")]
    return b"\x89PNG\r\n\x1a\n" + b"".join(chunks)


def _chunk(kind: bytes, data: bytes) -> bytes:
    """One PNG chunk: length, type, data, CRC of type and data."""
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
