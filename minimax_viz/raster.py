"""Pictures as pixels: paint a figure on matplotlib's Agg canvas, what never changes once.

A replay frame changes a few things on a drawn tree (which nodes are reached, the scores
that have come back, alpha and beta, the current call's box); the breadcrumb, the level
labels, the legend and the figure around them stay as they are. A :class:`Blitter` paints
the artists that stay into a background once, keeps a copy of it
(``canvas.copy_from_bbox``), and for each frame puts that copy back
(``canvas.restore_region``) and paints only the changing artists over it, in the order
matplotlib itself would (matplotlib's *blitting*). :func:`crop` cuts the picture out of the
canvas in whole pixels and :func:`encode_png` writes it without drawing the figure again.
A :class:`Raster` does all of it for one tree picture: it sets the dpi so that the PNG is
never wider than 1,000 px (:func:`fit_dpi`), crops to what is drawn, and maps each
clickable thing from data units to the PNG's pixels (:func:`image_boxes`). On pyplot's
figures or someone else's axes it asks ``savefig`` instead; :func:`figure_png` is a whole
figure's PNG, never wider than 1,000 px.

The result is the same, pixel for pixel, as matplotlib's own full drawing of the figure
(``canvas.draw()``) as long as no unchanging artist lies *above* a changing one where they
overlap; the painter (:mod:`minimax_viz.paint`) keeps its unchanging artists clear of the
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

from .errors import InvalidOption, short_repr
from .scene import MAX_WIDTH_PX

__all__ = ["Blitter", "Raster", "pixel_box", "crop", "encode_png", "check_dpi", "fit_dpi", "image_boxes",
           "figure_png"]

#: zlib level for the PNGs: level 3 deflates a tree picture about twice as fast as the
#: usual 6, for files about a sixth larger.
PNG_COMPRESSION = 3


def check_dpi(dpi: Any) -> None:
    """A picture's dots per inch: a number from 20 to 300 (100 draws boards at their size).

    :raises InvalidOption: for anything else.

    >>> check_dpi(96)
    >>> check_dpi(5)
    Traceback (most recent call last):
    ...
    minimax_viz.errors.InvalidOption: dpi must be a number from 20 to 300 (100 is the usual), not 5
    """
    if isinstance(dpi, bool) or not isinstance(dpi, (int, float)) or not 20 <= dpi <= 300:
        raise InvalidOption(f"dpi must be a number from 20 to 300 (100 is the usual), not {short_repr(dpi)}")


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


class Raster:
    """The pixels of the tree picture on ``ax``: its PNG, cropped to what is drawn (the
    axes, whose limits the scene set, the title and the legend) and never wider than
    1,000 px, and where each clickable thing landed in it (:attr:`boxes`).

    ``own``: the figure is the picture's own; ``pyplot``: it is pyplot's. A figure of its
    own outside pyplot is painted here (the unchanging part once per drawing, with a
    :class:`Blitter`); any other through ``savefig``. Call :meth:`new_drawing` whenever
    the picture is drawn afresh. After a PNG, :attr:`box` is its crop in inches and
    :attr:`dpi` its dpi.
    """

    def __init__(self, ax, *, own: bool, pyplot: bool):
        self.ax, self.own, self.blits = ax, own, own and not pyplot
        self.blitter: Blitter | None = None
        self.drawing = 0  # how many pictures were drawn on the axes: the blitter's key
        self.box: Any = None
        self.dpi: float | None = None
        self.boxes: list[tuple[int, float, float, float, float]] = []
        self._home = ax.get_position(original=True).frozen()
        self._still: tuple = (None, [])

    def new_drawing(self, size: tuple[float, float] | None = None) -> None:
        """A new picture is drawn on the axes; with ``size``, its figure is set to ``size``
        inches and the axes put back where they were (undoing the room a PNG made)."""
        self.drawing += 1
        self.boxes = []
        if size is not None:
            self.ax.figure.set_size_inches(*size)
            self.ax.set_position(self._home)

    def png(self, dpi: float, changing: list, clickable) -> bytes:
        """The picture as PNG bytes at ``dpi`` (lower when it would be wider than 1,000
        px); ``changing`` are the artists a replay frame changes (painted over the kept
        background), ``clickable`` ``(texts, boxes)``: the words (``(text, index)``) and
        data-unit boxes (``(index, x0, y0, x1, y1)``) that :attr:`boxes` maps to pixels.

        :raises InvalidOption: for a ``dpi`` that is not a number from 20 to 300.
        """
        check_dpi(dpi)
        if not self.blits:
            return self._savefig(dpi, clickable)
        return encode_png(self._picture(dpi, changing, clickable, redraw=False), dpi=self.dpi)

    def pixels(self, dpi: float, changing: list, clickable, *, redraw: bool = False):
        """The picture :meth:`png` encodes, as an (height, width, 3) array of RGB bytes
        (``redraw``: every artist painted again, as matplotlib's full drawing does).

        :raises InvalidOption: for a ``dpi`` that is not a number from 20 to 300, or a
            figure that is not the picture's own outside pyplot.
        """
        import numpy as np

        check_dpi(dpi)
        if not self.blits:
            raise InvalidOption("pixels() paints a figure of the view's own: make the view with pyplot=False "
                                "and no ax")
        return np.asarray(self._picture(dpi, changing, clickable, redraw=redraw))

    def index_at(self, x: float, y: float) -> int | None:
        """The index of the first box of :attr:`boxes` holding pixel ``(x, y)``, or None."""
        for index, x0, y0, x1, y1 in self.boxes:
            if x0 <= x <= x1 and y0 <= y <= y1:
                return index
        return None

    def _picture(self, dpi: float, changing: list, clickable, *, redraw: bool):
        """The picture as a ``PIL.Image`` (see :meth:`pixels`)."""
        from matplotlib.transforms import Bbox

        if self.blitter is None:
            self.blitter = Blitter(self.ax.figure)
        box, dpi = fit_dpi(self.ax, dpi, self._extents)
        rgba = self.blitter.paint_all() if redraw else self.blitter.paint(changing, key=self.drawing)
        image = crop(rgba, box)
        x0, y0, x1, y1 = box
        self.box, self.dpi = Bbox.from_extents(x0 / dpi, y0 / dpi, x1 / dpi, y1 / dpi), dpi
        renderer = self.ax.figure.canvas.get_renderer()
        self.boxes = image_boxes(self.ax, *clickable, lambda px, py: (px - x0, y1 - py), renderer)
        return image

    def _extents(self, renderer, dpi: float) -> list:
        """Display-pixel extents of what the PNG keeps: the axes and the legend (measured
        once per drawing, dpi and size), and the title."""
        figure = self.ax.figure
        key = (self.drawing, dpi, *figure.get_size_inches())
        if key != self._still[0]:
            self.ax.apply_aspect()
            legend = [a for a in _cropped_texts(self.ax) if a is not self.ax.title]
            self._still = key, [self.ax.bbox.extents, *(a.get_window_extent(renderer).extents for a in legend)]
        extents = list(self._still[1])
        if self.ax.title in _cropped_texts(self.ax):
            extents.append(self.ax.title.get_window_extent(renderer).extents)
        return extents

    def _savefig(self, dpi: float, clickable) -> bytes:
        """:meth:`png` on pyplot's figure or someone else's axes: ``savefig``, cropped."""
        from matplotlib.backends.backend_agg import FigureCanvasAgg

        figure = self.ax.figure
        if not isinstance(figure.canvas, FigureCanvasAgg):
            FigureCanvasAgg(figure)
        renderer = figure.canvas.get_renderer()
        box = self._crop_box(renderer)
        dpi = min(dpi, (MAX_WIDTH_PX - 1) / box.width)
        buf = io.BytesIO()
        figure.savefig(buf, format="png", dpi=dpi, bbox_inches=box)
        self.box, self.dpi = box, dpi
        fig_dpi = figure.dpi

        def to_image(px, py):
            return (px / fig_dpi - box.x0) * dpi, (box.y1 - py / fig_dpi) * dpi

        self.boxes = image_boxes(self.ax, *clickable, to_image, renderer)
        return buf.getvalue()

    def _crop_box(self, renderer):
        """What the PNG keeps, in inches: the axes (whose limits the scene set to what it
        draws), the title and the legend. Measuring only these three is much quicker than
        a tight box, which lays out every text once more before the PNG is drawn."""
        from matplotlib.transforms import Bbox

        figure = self.ax.figure
        if not self.own:  # someone else's axes: other artists may share the figure
            return figure.get_tightbbox(renderer).padded(0.1)
        self.ax.apply_aspect()
        width, height = figure.get_size_inches()
        pos = self.ax.get_position()
        boxes = [Bbox.from_extents(pos.x0 * width, pos.y0 * height, pos.x1 * width, pos.y1 * height)]
        to_inches = figure.dpi_scale_trans.inverted()
        for artist in _cropped_texts(self.ax):
            boxes.append(artist.get_window_extent(renderer).transformed(to_inches))
        return Bbox.union(boxes).padded(0.1)


def _cropped_texts(ax) -> list:
    """The title (when it says something) and the legend: what the PNG keeps beside the axes."""
    title, legend = ax.title, ax.get_legend()
    return [a for a in (title, legend) if a is not None and a.get_visible() and (a is not title or a.get_text())]


def fit_dpi(ax, dpi: float, extents) -> tuple[tuple[int, int, int, int], float]:
    """Set ``ax``'s figure to ``dpi`` (lower, if the picture would be wider than 1,000 px)
    and return the crop in whole display pixels (``extents(renderer, dpi)``: what the
    picture keeps, 0.1 inch around) and the dpi. The figure grows where the crop reaches
    past it (:func:`make_room`)."""
    figure = ax.figure
    for attempt in range(8):
        if figure.dpi != dpi:
            figure.set_dpi(dpi)
        box = pixel_box(extents(figure.canvas.get_renderer(), dpi), pad=0.1 * dpi)
        if box[2] - box[0] >= MAX_WIDTH_PX:   # text shrinks a little less than the dpi: aim lower each time
            dpi = max(dpi * (MAX_WIDTH_PX - 4 - 8 * attempt) / (box[2] - box[0]), 10)
        elif not make_room(ax, box, dpi):
            return box, dpi
    # Still too wide (a text no dpi shrinks enough): keep the middle 1,000 px around the axes.
    middle = (ax.bbox.x0 + ax.bbox.x1) / 2
    x0 = max(box[0], int(middle) - (MAX_WIDTH_PX - 1) // 2)
    return (x0, box[1], min(box[2], x0 + MAX_WIDTH_PX - 1), box[3]), dpi


def make_room(ax, box: tuple[int, int, int, int], dpi: float) -> bool:
    """Grow ``ax``'s figure where ``box`` (display pixels) reaches past it, keeping every
    artist where it is in inches from the axes (a wide legend or title can stick out of a
    narrow figure; ``savefig`` would draw them there, the canvas has to hold them). True
    if the figure grew."""
    figure = ax.figure
    width, height = figure.canvas.get_width_height(physical=True)
    left, bottom = max(0, -box[0]), max(0, -box[1])
    right, top = max(0, box[2] - width), max(0, box[3] - height)
    if not (left or bottom or right or top):
        return False
    w, h = figure.get_size_inches()
    pos = ax.get_position(original=True)
    x0, y0, pw, ph = pos.x0 * w + left / dpi, pos.y0 * h + bottom / dpi, pos.width * w, pos.height * h
    w, h = w + (left + right) / dpi, h + (bottom + top) / dpi
    figure.set_size_inches(w, h)
    ax.set_position([x0 / w, y0 / h, pw / w, ph / h])
    return True


def image_boxes(ax, texts, boxes, to_image, renderer) -> list[tuple[int, float, float, float, float]]:
    """Every clickable thing's box in image pixels (origin top-left) of the picture just
    made: the words ``texts`` (``(text artist, index)``, measured with ``renderer``)
    first, then ``boxes`` (``(index, x0, y0, x1, y1)`` in ``ax``'s data units);
    ``to_image`` maps display pixels to image pixels."""
    out = []
    for text, index in texts:  # first: the breadcrumb sits above the focus
        ext = text.get_window_extent(renderer)
        (ax0, ay1), (ax1, ay0) = to_image(ext.x0, ext.y0), to_image(ext.x1, ext.y1)
        out.append((index, ax0, ay0, ax1, ay1))
    data = ax.transData
    for index, x0, y0, x1, y1 in boxes:
        (px0, py0), (px1, py1) = data.transform([(x0, y0), (x1, y1)])
        (ix0, iy1), (ix1, iy0) = to_image(px0, py0), to_image(px1, py1)
        out.append((index, ix0, iy0, ix1, iy1))
    return out


def figure_png(figure, *, dpi: float = 100) -> bytes:
    """A whole ``figure`` as PNG bytes (``savefig``) at ``dpi``, or the lower dpi at which
    it is 999 px wide when it would be wider than 1,000 px."""
    out = io.BytesIO()
    figure.savefig(out, format="png", dpi=min(dpi, (MAX_WIDTH_PX - 1) / figure.get_figwidth()))
    return out.getvalue()
