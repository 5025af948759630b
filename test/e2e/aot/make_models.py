#!/usr/bin/env python3
"""Writes the whole-model fixtures of the ahead-of-time tests, each a small
network built from a common CNN block with random weights, exported to ONNX
by PyTorch, with an input and PyTorch's output as the reference:

  Inputs/<name>.onnx, Inputs/<name>_input.npy, Inputs/<name>_output.npy

for resnet_block (conv-bn-relu x2 + identity), mobilenetv2_block (expand,
depthwise, project, residual), fire (SqueezeNet's squeeze + two expands,
concatenated) and mlp (three Gemm layers). Run with Debian's Python:
  /usr/bin/python3 test/e2e/aot/make_models.py
"""
import os

import numpy as np
import torch
from torch import nn

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "Inputs")


class ResNetBlock(nn.Module):
    def __init__(self, c=16):
        super().__init__()
        self.stem = nn.Conv2d(3, c, 3, padding=1)
        self.conv1 = nn.Conv2d(c, c, 3, padding=1, bias=False)
        self.bn1 = nn.BatchNorm2d(c)
        self.conv2 = nn.Conv2d(c, c, 3, padding=1, bias=False)
        self.bn2 = nn.BatchNorm2d(c)
        self.fc = nn.Linear(c, 10)

    def forward(self, x):
        x = torch.relu(self.stem(x))
        y = torch.relu(self.bn1(self.conv1(x)))
        y = self.bn2(self.conv2(y))
        x = torch.relu(x + y)
        return self.fc(torch.flatten(nn.functional.adaptive_avg_pool2d(x, 1), 1))


class MobileNetV2Block(nn.Module):
    def __init__(self, c=16, expand=4):
        super().__init__()
        e = c * expand
        self.stem = nn.Conv2d(3, c, 3, stride=2, padding=1)
        self.expand = nn.Sequential(nn.Conv2d(c, e, 1, bias=False),
                                    nn.BatchNorm2d(e), nn.ReLU6())
        self.depthwise = nn.Sequential(
            nn.Conv2d(e, e, 3, padding=1, groups=e, bias=False),
            nn.BatchNorm2d(e), nn.ReLU6())
        self.project = nn.Sequential(nn.Conv2d(e, c, 1, bias=False),
                                     nn.BatchNorm2d(c))

    def forward(self, x):
        x = self.stem(x)
        return x + self.project(self.depthwise(self.expand(x)))


class Fire(nn.Module):
    def __init__(self, c=32, squeeze=8, expand=16):
        super().__init__()
        self.stem = nn.Conv2d(3, c, 3, stride=2)
        self.squeeze = nn.Conv2d(c, squeeze, 1)
        self.expand1 = nn.Conv2d(squeeze, expand, 1)
        self.expand3 = nn.Conv2d(squeeze, expand, 3, padding=1)

    def forward(self, x):
        x = nn.functional.max_pool2d(torch.relu(self.stem(x)), 3, 2,
                                     ceil_mode=True)
        s = torch.relu(self.squeeze(x))
        return torch.cat([torch.relu(self.expand1(s)),
                          torch.relu(self.expand3(s))], 1)


class Mlp(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.Sequential(nn.Linear(64, 128), nn.ReLU(),
                                    nn.Linear(128, 64), nn.Tanh(),
                                    nn.Linear(64, 10))

    def forward(self, x):
        return torch.softmax(self.layers(x), dim=1)


def randomize_batch_norms(model, generator):
    for m in model.modules():
        if isinstance(m, nn.BatchNorm2d):
            n = m.num_features
            m.running_mean.copy_(torch.randn(n, generator=generator) * 0.1)
            m.running_var.copy_(torch.rand(n, generator=generator) + 0.5)
            m.weight.data.copy_(torch.rand(n, generator=generator) + 0.5)
            m.bias.data.copy_(torch.randn(n, generator=generator) * 0.1)


def export(name, model, shape, seed):
    generator = torch.Generator().manual_seed(seed)
    torch.manual_seed(seed)
    model.eval()
    with torch.no_grad():
        randomize_batch_norms(model, generator)
        x = torch.randn(*shape, generator=generator)
        y = model(x)
        torch.onnx.export(model, x, os.path.join(OUT, name + ".onnx"),
                          input_names=["input"], output_names=["output"],
                          opset_version=13)
    np.save(os.path.join(OUT, name + "_input.npy"), x.numpy())
    np.save(os.path.join(OUT, name + "_output.npy"), y.numpy())


def main():
    os.makedirs(OUT, exist_ok=True)
    export("resnet_block", ResNetBlock(), (1, 3, 16, 16), 1)
    export("mobilenetv2_block", MobileNetV2Block(), (1, 3, 32, 32), 2)
    export("fire", Fire(), (1, 3, 33, 33), 3)
    export("mlp", Mlp(), (4, 64), 4)


if __name__ == "__main__":
    main()
