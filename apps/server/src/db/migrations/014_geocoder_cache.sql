-- Issue 13: the geocoder's answers, kept so a repeated search or point costs the provider
-- nothing, and shared by every instance. `key` is the question (the provider kind, the call and
-- its folded text or rounded point); `answer` the JSON the call answered. Read only until
-- `expires_at`; the geo module deletes expired rows and the oldest beyond its bound.
create table geocoder_cache (
  key        text primary key,
  answer     text not null,
  expires_at timestamptz not null
);
create index geocoder_cache_expires_at on geocoder_cache (expires_at);
