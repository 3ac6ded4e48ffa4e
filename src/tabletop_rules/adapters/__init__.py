"""Adapters that expose the library's games to other frameworks, each behind an optional extra.

* `adapters.openspiel` (`openspiel`): every game inside OpenSpiel, with O(1) cloning and tensors.
* `adapters.pettingzoo` (`pettingzoo`): every game as a PettingZoo AEC environment.
* `adapters.gymnasium` (`gymnasium`): any seat of any game as a Gymnasium environment.

Importing one without its extra raises an `ImportError` that names the extra to install.
"""
