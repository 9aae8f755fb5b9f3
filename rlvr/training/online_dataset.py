"""veRL's dataset extension point for the online stream: ``data.custom_cls`` = this module's
``TraceOnlineDataset``.

veRL 0.9.1 builds both datasets with ``create_rl_dataset(files, data_config, tokenizer, processor)``,
which instantiates ``data.custom_cls`` when it is set (``verl.utils.dataset.rl_dataset.get_dataset_class``).
``TraceOnlineDataset`` is an ``RLHFDataset``:

* given the run's online spec (one ``*.online.json`` file as ``data.train_files``, written by ``rlvr
  train``) its rows come from :class:`rlvr.training.online.Stream`: index ``i`` is slot ``i mod B`` of
  step ``i // B + 1`` (veRL's sequential sampler, ``data.shuffle: false``), its length is
  ``trainer.total_training_steps x B``; each row is then turned into veRL's sample by ``RLHFDataset``'s
  own ``__getitem__`` (chat messages with the images, ``raw_prompt``, ``index``, ...), exactly as for a
  parquet row;
* given parquet files (``data.val_files``: the fixed validation split) it is ``RLHFDataset`` unchanged.

It is ``Stateful`` (``state_dict`` / ``load_state_dict``): with ``data.dataloader_num_workers: 0``,
torchdata's ``StatefulDataLoader`` stores the state in veRL's ``global_step_<N>/data.pt`` and restores it
on resume (generation runs in the stream's own background processes, not in dataloader workers, whose
copies of the dataset would never see the curriculum).
"""

from __future__ import annotations

import os

from verl.utils.dataset.rl_dataset import RLHFDataset

from . import online


class _StepFrame:
    """The ``dataframe`` RLHFDataset reads from: row ``i`` of the stream (served a step at a time)."""

    def __init__(self, stream: online.Stream):
        self.stream = stream
        self.rows: dict[int, dict] = {}

    def __len__(self) -> int:
        return self.stream.steps * self.stream.B

    def __getitem__(self, item: int) -> dict:
        item = int(item)
        step, slot = divmod(item, self.stream.B)
        step += 1
        if item not in self.rows:
            self.rows = {(step - 1) * self.stream.B + j: r for j, r in enumerate(self.stream.batch(step))}
        row = self.rows.pop(item)
        return dict(row)


class TraceOnlineDataset(RLHFDataset):
    """``RLHFDataset`` over the online stream (train) or over parquet files (validation)."""

    def __init__(self, data_files, tokenizer, config, processor=None, max_samples: int = -1):
        files = [data_files] if isinstance(data_files, (str, os.PathLike)) else list(data_files)
        self.online = online.is_run_spec(files)
        if self.online:
            if config.get("shuffle", False):
                raise online.OnlineError("the online stream needs data.shuffle: false (veRL's sequential sampler "
                                         "serves the steps in order)")
            if config.get("dataloader_num_workers", 0) != 0:
                raise online.OnlineError("the online stream needs data.dataloader_num_workers: 0 (its own workers "
                                         "generate; dataloader workers would not see the curriculum)")
            self.stream = online.open_stream(files[0], processor=processor, batch_size=config.get("train_batch_size"))
        super().__init__(data_files, tokenizer, config, processor, max_samples)

    # RLHFDataset.__init__ calls these two to read parquet; the online stream has nothing to read
    def _download(self, use_origin_parquet=False):
        if not self.online:
            super()._download(use_origin_parquet)

    def _read_files_and_tokenize(self):
        if not self.online:
            return super()._read_files_and_tokenize()
        self.dataframe = _StepFrame(self.stream)

    # torchdata's Stateful protocol (saved in data.pt by StatefulDataLoader)
    def state_dict(self) -> dict:
        return self.stream.state_dict() if self.online else {}

    def load_state_dict(self, state: dict) -> None:
        if self.online and state:
            self.stream.load_state_dict(state)
            self.dataframe.rows = {}

    def __getstate__(self):
        if self.online:
            raise online.OnlineError("the online dataset cannot be copied into dataloader workers "
                                     "(data.dataloader_num_workers must be 0)")
        return super().__getstate__()
