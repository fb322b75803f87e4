import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { testimonials } from '../data/testimonials';
import sliderStyles from './testimonials-slider.module.css';
import { cx } from '../../../lib/cx';

/** Where the track can stop: one stop per card, except that the last cards of a full view share the last stop. */
function measure(track: HTMLElement): { step: number; stops: number; current: number } {
  const first = track.children[0] as HTMLElement | undefined;
  const second = track.children[1] as HTMLElement | undefined;
  if (!first) return { step: 1, stops: 1, current: 0 };
  const step = second ? second.offsetLeft - first.offsetLeft : first.offsetWidth;
  const visible = Math.max(1, Math.round(track.clientWidth / step));
  const stops = Math.max(1, track.children.length - visible + 1);
  const atEnd = track.scrollLeft + track.clientWidth >= track.scrollWidth - 2;
  const current = atEnd ? stops - 1 : Math.min(stops - 1, Math.round(track.scrollLeft / step));
  return { step, stops, current };
}

/**
 * The customer feedback slider (product §2.2): eight cards in a horizontal scroller (touch and
 * trackpad scroll it natively), arrow keys move one card, and the pagination dots follow the
 * scroll position; a dot scrolls to its card.
 */
export function TestimonialsSlider() {
  const trackRef = useRef<HTMLUListElement>(null);
  const [position, setPosition] = useState<{ stops: number; current: number }>({ stops: testimonials.length, current: 0 });

  const update = useCallback(() => {
    const track = trackRef.current;
    if (!track) return;
    const { stops, current } = measure(track);
    setPosition((previous) => (previous.stops === stops && previous.current === current ? previous : { stops, current }));
  }, []);

  useEffect(() => {
    const track = trackRef.current;
    if (!track) return;
    update();
    track.addEventListener('scroll', update, { passive: true });
    const resize = new ResizeObserver(update);
    resize.observe(track);
    return () => {
      track.removeEventListener('scroll', update);
      resize.disconnect();
    };
  }, [update]);

  function scrollToStop(stop: number) {
    const track = trackRef.current;
    if (!track) return;
    const { step, stops } = measure(track);
    const target = Math.max(0, Math.min(stops - 1, stop));
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    track.scrollTo({ left: target * step, behavior: reduceMotion ? 'auto' : 'smooth' });
  }

  function onKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const moves: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1 };
    if (event.key in moves) {
      event.preventDefault();
      scrollToStop(position.current + moves[event.key]!);
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      scrollToStop(event.key === 'Home' ? 0 : position.stops - 1);
    }
  }

  return (
    <div className={sliderStyles.slider}>
      <ul
        ref={trackRef}
        className={sliderStyles.track}
        tabIndex={0}
        aria-label="Customer feedback, scroll or use the arrow keys"
        onKeyDown={onKeyDown}
      >
        {testimonials.map((testimonial) => (
          <li key={testimonial.name} className={sliderStyles.card}>
            <figure>
              <blockquote className={sliderStyles.quote}>“{testimonial.quote}”</blockquote>
              <figcaption>
                <span className={sliderStyles.name}>{testimonial.name}</span>
                <span className={sliderStyles.role}>{testimonial.role}</span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
      <div className={sliderStyles.dots} role="group" aria-label="Choose the feedback to show">
        {Array.from({ length: position.stops }, (_, stop) => (
          <button
            key={stop}
            type="button"
            className={cx(sliderStyles.dot, stop === position.current && sliderStyles.dotActive)}
            aria-label={`Show feedback ${stop + 1} of ${position.stops}`}
            aria-current={stop === position.current ? 'true' : undefined}
            onClick={() => scrollToStop(stop)}
          />
        ))}
      </div>
    </div>
  );
}
