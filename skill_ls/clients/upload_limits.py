"""What a service a skill folder is uploaded to refuses (`Client.upload`, upload targets
only). Read by `rules/upload.py`."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class UploadLimits:
    # Words a `name` may not contain (lower case): the upload refuses such a skill.
    reserved_name_words: tuple[str, ...] = ()
    # Frontmatter keys whose value may not hold an XML tag (`<tag>`, `</tag>`): the upload
    # refuses such a skill.
    xml_tags_refused_in: tuple[str, ...] = ()
    # The most bytes the skill folder's files may take together, uncompressed (None: no
    # limit known); the upload refuses a larger one.
    max_upload_bytes: int | None = None
