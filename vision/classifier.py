"""The tile reader: a small CNN that reads a tile crop's number (or joker) and colour.

Two heads on one trunk: number (index 0 = joker, 1..13) and colour (engine order k b r y).
Trained with torch on crops cut from synthetic scenes and the real training photos, exported
to ONNX; inference (``vision.reader``) needs only onnxruntime. torch is imported lazily.
"""

from __future__ import annotations

import time
from pathlib import Path

import numpy as np

from vision.crops import SIZE


def build():
    import torch
    from torch import nn

    def block(cin: int, cout: int) -> nn.Sequential:
        return nn.Sequential(nn.Conv2d(cin, cout, 3, padding=1, bias=False), nn.BatchNorm2d(cout), nn.ReLU(inplace=True))

    class TileReader(nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.trunk = nn.Sequential(
                block(3, 24), block(24, 24), nn.MaxPool2d(2),
                block(24, 48), block(48, 48), nn.MaxPool2d(2),
                block(48, 96), block(96, 96), nn.MaxPool2d(2),
                block(96, 128), nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Dropout(0.2))
            self.number = nn.Linear(128, 14)
            self.colour = nn.Linear(128, 4)

        def forward(self, x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
            f = self.trunk(x)
            return torch.softmax(self.number(f), 1), torch.softmax(self.colour(f), 1)

        def logits(self, x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
            f = self.trunk(x)
            return self.number(f), self.colour(f)

    return TileReader()


def _augment(x, gen):
    """Photometric augmentation on a float NCHW batch (geometry is done when cropping)."""
    import torch

    n = x.shape[0]
    gain = torch.empty(n, 1, 1, 1).uniform_(0.6, 1.3, generator=gen)
    bias = torch.empty(n, 1, 1, 1).uniform_(-0.15, 0.15, generator=gen)
    wb = torch.empty(n, 3, 1, 1).uniform_(0.9, 1.1, generator=gen)
    x = x * gain * wb + bias
    x = x + torch.randn(x.shape, generator=gen) * torch.empty(n, 1, 1, 1).uniform_(0, 0.05, generator=gen)
    return x.clamp(0, 1)


def train(x: np.ndarray, number: np.ndarray, colour: np.ndarray, out: Path, *, epochs: int = 8,
          batch: int = 256, lr: float = 3e-3, seed: int = 0, threads: int = 2,
          val: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None, log=print) -> Path:
    """Train on uint8 NHWC BGR crops; colour -1 means none (joker). Saves ``out`` (state dict)."""
    import torch
    import torch.nn.functional as F

    torch.manual_seed(seed)
    torch.set_num_threads(threads)
    gen = torch.Generator().manual_seed(seed)
    net = build()
    xt = torch.from_numpy(np.ascontiguousarray(x[..., ::-1].transpose(0, 3, 1, 2)))
    nt, ct = torch.from_numpy(number).long(), torch.from_numpy(colour).long()
    opt = torch.optim.AdamW(net.parameters(), lr=lr, weight_decay=5e-4)
    steps = epochs * ((len(xt) + batch - 1) // batch)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=lr, total_steps=steps, pct_start=0.15)
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    for epoch in range(epochs):
        net.train()
        perm = torch.randperm(len(xt), generator=gen)
        t0, tot, seen = time.time(), 0.0, 0
        for i in range(0, len(xt), batch):
            idx = perm[i:i + batch]
            xb = _augment(xt[idx].float() / 255.0, gen)
            ln, lc = net.logits(xb)
            loss = F.cross_entropy(ln, nt[idx], label_smoothing=0.05)
            cmask = ct[idx] >= 0
            if cmask.any():
                loss = loss + F.cross_entropy(lc[cmask], ct[idx][cmask], label_smoothing=0.05)
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
            tot += loss.item() * len(idx)
            seen += len(idx)
        msg = f"epoch {epoch + 1}/{epochs} loss {tot / seen:.3f} {time.time() - t0:.0f}s"
        if val is not None:
            acc = evaluate(net, *val)
            msg += f" val number {acc[0]:.3f} colour {acc[1]:.3f} tile {acc[2]:.3f}"
        log(msg)
        torch.save(net.state_dict(), out)
    return out


def evaluate(net, x: np.ndarray, number: np.ndarray, colour: np.ndarray) -> tuple[float, float, float]:
    """(number accuracy, colour accuracy on non-jokers, whole-tile accuracy) of a torch net."""
    import torch

    net.eval()
    with torch.no_grad():
        xt = torch.from_numpy(np.ascontiguousarray(x[..., ::-1].transpose(0, 3, 1, 2))).float() / 255.0
        pn, pc = net(xt)
    pn, pc = pn.argmax(1).numpy(), pc.argmax(1).numpy()
    okn = pn == number
    nj = colour >= 0
    okc = np.where(nj, pc == colour, True)
    return float(okn.mean()), float(okc[nj].mean()) if nj.any() else 1.0, float((okn & okc).mean())


def export_onnx(state: Path, out: Path) -> Path:
    import torch

    net = build()
    net.load_state_dict(torch.load(state, map_location="cpu"))
    net.eval()
    dummy = torch.zeros(1, 3, SIZE, SIZE)
    torch.onnx.export(net, dummy, str(out), input_names=["crops"], output_names=["number", "colour"],
                      dynamic_axes={"crops": {0: "n"}, "number": {0: "n"}, "colour": {0: "n"}},
                      opset_version=17, dynamo=False)
    return Path(out)
